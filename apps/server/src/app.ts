import { randomUUID } from "node:crypto";
import { commonErrorCodes } from "@wonderkin/contract";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Auth } from "./auth/create-auth";
import { type Env, isLoopbackHost } from "./config/env";
import type { DatabaseConnection } from "./db/client";
import { adminRoutes } from "./http/admin-routes";
import { authRoutes } from "./http/auth-routes";
import { devMailRoutes } from "./http/dev-mail-routes";
import { registerErrorHandling, sendError } from "./http/error-handler";
import { healthRoutes } from "./http/health-routes";
import { identityRoutes } from "./http/identity-routes";
import { publicConfigRoutes } from "./http/public-config-routes";
import { registerSecurityHeaders } from "./http/security-headers";
import { userRoutes } from "./http/user-routes";
import { isClientRoute, registerWebApp } from "./http/web-app";
import type { Queue } from "./jobs/queue";
import type { Mailer } from "./providers/mailer/mailer";

export type AppDeps = {
  env: Env;
  database: DatabaseConnection;
  auth: Auth;
  mailer: Mailer;
  queue: Pick<Queue, "isStarted" | "boss"> | null;
  /** Fastify logger options or `false`; the composition root decides (pretty in dev, JSON in prod). */
  logger?: FastifyServerOptions["logger"];
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function notFound(request: FastifyRequest) {
  return {
    code: commonErrorCodes.notFound,
    message: `Nothing here: ${request.method} ${request.url.split("?")[0]}`,
  };
}

/** Builds the HTTP application without listening, so tests drive it through `app.inject`. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    // Keep a load balancer's request id when it is sane, so one id follows a request across hops.
    // (Fastify's requestIdHeader would take any value verbatim, hence the check in genReqId.)
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    // A request Node cannot even parse (bad header bytes) gets the same error shape as the rest.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({
        code: commonErrorCodes.badRequest,
        message: "The request could not be read.",
      });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, { https: env.publicUrl.startsWith("https://") });
  await app.register(healthRoutes(deps));
  await app.register(publicConfigRoutes(env));
  const identityDeps = { db: deps.database.db, auth: deps.auth, mailer: deps.mailer, env };
  await app.register(identityRoutes(identityDeps));
  await app.register(userRoutes(identityDeps));
  await app.register(authRoutes(deps.auth));
  if (env.ADMIN_API_TOKEN) {
    await app.register(adminRoutes({ db: deps.database.db, adminToken: env.ADMIN_API_TOKEN }));
  }
  if (env.devMailboxEnabled) {
    await app.register(async (scope) => {
      // Sign-in links are in there: only this machine may look, whatever HOST listens on.
      scope.addHook("onRequest", async (request, reply) => {
        if (!isLoopbackHost(request.ip)) return sendError(reply, 404, notFound(request));
      });
      await scope.register(devMailRoutes({ db: deps.database.db, appName: env.APP_NAME }));
    });
  }

  const webApp = env.isProduction
    ? await registerWebApp(app, { distDir: env.WEB_DIST_DIR, appName: env.APP_NAME })
    : null;
  if (env.isProduction && !webApp) {
    app.log.warn({ dir: env.WEB_DIST_DIR }, "web app not built: run `npm run build` to serve it");
  }

  app.setNotFoundHandler((request, reply) => {
    if (webApp && isClientRoute(request.method, request.url)) return webApp.sendIndex(reply);
    return sendError(reply, 404, notFound(request));
  });

  return app;
}
