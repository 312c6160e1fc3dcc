import { commonErrorCodes, listOutboxEndpoint } from "@wonderkin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";
import { getOutboxMessage } from "../modules/mail/get-outbox-message";
import { listOutbox } from "../modules/mail/list-outbox";
import { isLocalRequest } from "./client-address";
import { renderDevMailboxPage } from "./dev-mailbox-page";
import { devMailboxStylesheet } from "./dev-mailbox-stylesheet";

/**
 * Stored e-mail is our own template output with inline styles (as e-mail must be); shown on its own,
 * it may style itself and show images, and nothing else: no scripts, no requests back to the app.
 */
const storedEmailCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:";

/**
 * The local outbox for developers and e2e tests. Register only while the outbox mailer is active:
 * these routes show every message (with its sign-in links) to anyone who can reach the server.
 */
export function devMailRoutes(deps: { db: Database; appName: string }): FastifyPluginAsyncZod {
  return async (app) => {
    // Sign-in links are in there: only this machine may look, whatever HOST listens on. Judged by the
    // connection, never by X-Forwarded-For, which any client can write (decision 0040).
    app.addHook("onRequest", async (request) => {
      if (!isLocalRequest(request)) {
        throw new AppError(
          404,
          commonErrorCodes.notFound,
          `Nothing here: ${request.method} ${request.url.split("?")[0]}`,
        );
      }
    });
    app.get(
      listOutboxEndpoint.path,
      { schema: { querystring: listOutboxEndpoint.request, response: { 200: listOutboxEndpoint.response } } },
      async (request, reply) => {
        const entries = await listOutbox({ db: deps.db, to: request.query.to });
        reply.header("cache-control", "no-store");
        return {
          messages: entries.map((entry) => ({
            id: entry.id,
            to: entry.toAddress,
            subject: entry.subject,
            kind: entry.kind,
            link: entry.link,
            text: entry.text,
            createdAt: entry.createdAt.toISOString(),
          })),
        };
      },
    );

    // The page's filter takes whatever was typed (a half-typed address simply matches nothing)
    // rather than answering a person in a browser with a JSON validation error.
    app.get(
      "/dev/mailbox",
      { schema: { querystring: z.object({ to: z.string().trim().max(254).optional() }) } },
      async (request, reply) => {
        const to = request.query.to || undefined;
        const messages = await listOutbox({ db: deps.db, to });
        return reply
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(renderDevMailboxPage({ appName: deps.appName, to, messages }));
      },
    );

    app.get("/dev/mailbox.css", async (_request, reply) =>
      reply.header("cache-control", "no-cache").type("text/css; charset=utf-8").send(devMailboxStylesheet),
    );

    app.get(
      "/dev/mailbox/:id",
      { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }) } },
      async (request, reply) => {
        const message = await getOutboxMessage({ db: deps.db, id: request.params.id });
        if (!message) {
          throw new AppError(
            404,
            commonErrorCodes.notFound,
            `No message ${request.params.id} in the outbox.`,
          );
        }
        return reply
          .header("content-security-policy", storedEmailCsp)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(message.html);
      },
    );
  };
}
