import { SHARE_PAGE_PREFIX } from "@wonderkin/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../db/client";
import { loggableError } from "../lib/loggable-error";
import { findSharedPortrait } from "../modules/studio/sharing";
import type { Storage } from "../providers/storage/storage";
import { renderShareGonePage, renderSharePage, sharePageCsp } from "./share-page";

const contentTypes: Record<string, string> = { jpg: "image/jpeg", webp: "image/webp", png: "image/png" };

/**
 * Every answer under /s/: never indexed or followed, never kept in a shared cache or a browser's
 * (stopping a share works at once), no referrer leaves the page, and nothing may frame or script it.
 */
function privately(reply: FastifyReply): FastifyReply {
  return reply
    .header("x-robots-tag", "noindex, nofollow")
    .header("cache-control", "private, no-store")
    .header("referrer-policy", "no-referrer")
    .header("content-security-policy", sharePageCsp);
}

function sendGone(reply: FastifyReply, appName: string): FastifyReply {
  return privately(reply).code(404).type("text/html; charset=utf-8").send(renderShareGonePage(appName));
}

/**
 * The public side of a portrait's share link (modules/studio/sharing/share-portrait.ts): the page at
 * /s/:token and its picture at /s/:token/portrait.jpg, read from storage by the server (never a
 * signed storage address, which would outlive a revocation). Anything else under /s/ — and any
 * failure — is the same "not available" page, so the web app's fallback never answers here.
 */
export function sharePageRoutes(deps: { db: Database; storage: Storage; appName: string }) {
  const { appName } = deps;
  return async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) {
        request.log.error(
          { route: request.routeOptions?.url, error: loggableError(error) },
          "request failed",
        );
        return privately(reply)
          .code(500)
          .type("text/plain; charset=utf-8")
          .send("Something went wrong. Please try again.");
      }
      return sendGone(reply, appName);
    });

    app.get<{ Params: { token: string } }>(`${SHARE_PAGE_PREFIX}:token`, async (request, reply) => {
      const { token } = request.params;
      const shared = await findSharedPortrait(deps.db, token);
      if (!shared) return sendGone(reply, appName);
      return privately(reply)
        .type("text/html; charset=utf-8")
        .send(
          renderSharePage({
            appName,
            imagePath: `${SHARE_PAGE_PREFIX}${token}/portrait.jpg`,
            caption: shared.caption,
          }),
        );
    });

    app.get<{ Params: { token: string } }>(
      `${SHARE_PAGE_PREFIX}:token/portrait.jpg`,
      async (request, reply) => {
        const shared = await findSharedPortrait(deps.db, request.params.token);
        const file = shared ? await deps.storage.get(shared.storageKey) : null;
        if (!shared || !file) return sendGone(reply, appName);
        const extension = shared.storageKey.split(".").pop() ?? "";
        const type = contentTypes[extension];
        return privately(reply)
          .type(type ?? "image/jpeg")
          .header("content-disposition", `inline; filename="portrait.${type ? extension : "jpg"}"`)
          .send(file);
      },
    );

    app.get(`${SHARE_PAGE_PREFIX}*`, async (_request, reply) => sendGone(reply, appName));
  };
}
