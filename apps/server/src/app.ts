import { randomUUID } from "node:crypto";
import http from "node:http";
import fastifyCompress from "@fastify/compress";
import { commonErrorCodes } from "@wonderkin/contract";
import { SIGNED_IN_BEFORE_COOKIE } from "@wonderkin/contract/rules";
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Providers } from "./build-providers";
import type { Domain } from "./compose-domain";
import type { Env } from "./config/env";
import type { DatabaseConnection } from "./db/client";
import { adminRoutes } from "./http/admin-routes";
import { analyticsRoutes } from "./http/analytics-routes";
import { authRoutes } from "./http/auth-routes";
import { sessionCookieOf } from "./http/authenticate";
import { billingRoutes } from "./http/billing-routes";
import { childrenRoutes } from "./http/children-routes";
import { fastifyTrustProxy } from "./http/client-address";
import { cookieValue } from "./http/cookie-value";
import { devMailRoutes } from "./http/dev-mail-routes";
import { emailPreferenceRoutes } from "./http/email-preference-routes";
import { registerErrorHandling, sendError } from "./http/error-handler";
import { familyRoutes } from "./http/family-routes";
import { firstAnswersFor } from "./http/first-answers";
import { healthRoutes } from "./http/health-routes";
import { identityRoutes } from "./http/identity-routes";
import { imageModelWebhookRoutes } from "./http/image-model-webhook-routes";
import { invoiceRoutes } from "./http/invoice-routes";
import { mediaRoutes } from "./http/media-routes";
import { metricsRoutes } from "./http/metrics-routes";
import { registerOverloadGuard } from "./http/overload-guard";
import { photoRoutes } from "./http/photo-routes";
import { privacyRoutes } from "./http/privacy-routes";
import { publicConfigReader, publicConfigRoutes } from "./http/public-config-routes";
import { registerSameOriginCheck } from "./http/same-origin";
import { registerSecurityHeaders } from "./http/security-headers";
import { seriesRoutes } from "./http/series-routes";
import { sharePageRoutes } from "./http/share-page-routes";
import { storybookRoutes } from "./http/storybook-routes";
import { stripeWebhookRoutes } from "./http/stripe-webhook-routes";
import { studioRoutes } from "./http/studio-routes";
import { styleSampleRoutes } from "./http/style-sample-routes";
import { subscriptionRoutes } from "./http/subscription-routes";
import { registerUnsafeTextCheck } from "./http/unsafe-text";
import { userRoutes } from "./http/user-routes";
import { videoRoutes } from "./http/video-routes";
import { isClientRoute, registerWebApp } from "./http/web-app";
import type { Queue } from "./jobs/queue";
import type { Metrics } from "./observability/metrics";
import { storageMediaOrigin } from "./providers/storage";

/**
 * What the HTTP app is composed from. Everything is built by the composition root (runtime.ts, or
 * the test helper through the same buildProviders and composeDomain): the app builds no provider
 * and no domain deps of its own.
 */
export type AppDeps = {
  env: Env;
  database: DatabaseConnection;
  /** Every deps object of the domain (compose-domain.ts), shared with the worker. */
  domain: Domain;
  /** Mailer, storage, payments (and Stripe's client), image model, face detector: shared with the worker. */
  providers: Providers;
  queue: Pick<Queue, "isStarted" | "boss">;
  /** The process's metrics: request latency is recorded, and served at /metrics with METRICS_TOKEN. */
  metrics?: Metrics;
  /** Tells a worker in this process that a job was just sent (ROLE=all), so it starts at once. */
  wakeWorker?: (queueName: string) => void;
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
  const { storage, payments, stripe } = deps.providers;
  const { auth, identity, families, photos, studio, privacy, billing } = deps.domain;
  const app = Fastify({
    logger: deps.logger ?? false,
    // request.ip is the rightmost address the trusted proxies did not add (decision 0040).
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    // Keep a load balancer's request id when it is sane, so one id follows a request across hops.
    // (Fastify's requestIdHeader would take any value verbatim, hence the check in genReqId.)
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // JSON is small; the routes that take files (photos, the family picture) set their own limits.
    bodyLimit: env.JSON_BODY_LIMIT_KILOBYTES * 1024,
    // Slow headers and slow bodies are cut off, whoever calls listen() (see decision 0022). Node
    // checks these every connectionsCheckingInterval, so that is kept well below the timeouts.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
          headersTimeout: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
          keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
          connectionsCheckingInterval: Math.min(1000, env.HTTP_HEADERS_TIMEOUT_SECONDS * 500),
        },
        handler,
      ),
    // A request Node cannot even parse (bad header bytes), or one too slow to arrive, gets the same
    // error shape as the rest.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const timedOut = (error as NodeJS.ErrnoException).code === "ERR_HTTP_REQUEST_TIMEOUT";
      const body = JSON.stringify(
        timedOut
          ? { code: commonErrorCodes.requestTimeout, message: "The request took too long to arrive." }
          : { code: commonErrorCodes.badRequest, message: "The request could not be read." },
      );
      const status = timedOut ? "408 Request Timeout" : "400 Bad Request";
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  registerErrorHandling(app);
  // First of all hooks: a request beyond the limit costs nothing more than its 503, and a place in
  // flight is taken only once the body has arrived (decision 0040).
  const overload = registerOverloadGuard(app, {
    maxInFlight: env.HTTP_MAX_IN_FLIGHT,
    retryAfterSeconds: env.HTTP_BUSY_RETRY_AFTER_SECONDS,
    maxBodiesPerClient: env.HTTP_MAX_BODIES_PER_CLIENT,
    minBodyBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
    bodyRateWindowSeconds: 15,
    busyHoldSeconds: env.HTTP_READY_BUSY_SECONDS,
  });
  // JSON and the page, above the threshold; static assets arrive precompressed (web-app.ts), and a
  // response that already has a Content-Encoding is left as it is.
  await app.register(fastifyCompress, {
    threshold: env.HTTP_COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
  });
  if (deps.metrics) await metricsRoutes({ metrics: deps.metrics, token: env.METRICS_TOKEN })(app);
  registerUnsafeTextCheck(app);
  registerSameOriginCheck(app, { publicUrl: env.publicUrl });
  const mediaOrigin = storageMediaOrigin(env);
  await registerSecurityHeaders(app, {
    https: env.publicUrl.startsWith("https://"),
    mediaOrigins: mediaOrigin ? [mediaOrigin] : [],
  });
  await app.register(healthRoutes({ ...deps, isShedding: overload.isShedding }));
  const readPublicConfig = publicConfigReader(env);
  await app.register(publicConfigRoutes(readPublicConfig));
  await app.register(styleSampleRoutes({ samplesDir: env.samplesDir }));
  // Better Auth has finished setting up (or failed) before the first route that uses it.
  await auth.$context;
  await app.register(identityRoutes(identity));
  await app.register(userRoutes(families));
  await app.register(emailPreferenceRoutes({ ...identity, secret: deps.domain.keepsakes.secret }));
  await app.register(billingRoutes(identity));
  await app.register(analyticsRoutes({ db: deps.database.db, auth, env }));
  await app.register(subscriptionRoutes({ ...billing, auth, payments }));
  await app.register(invoiceRoutes({ ...billing, auth }));
  if (stripe && env.STRIPE_WEBHOOK_SECRET) {
    await app.register(stripeWebhookRoutes({ billing, stripe, webhookSecret: env.STRIPE_WEBHOOK_SECRET }));
  }
  await app.register(familyRoutes(families));
  await app.register(childrenRoutes(families));
  await app.register(photoRoutes({ ...families, photos }));
  await app.register(studioRoutes({ ...families, studio }));
  await app.register(videoRoutes({ ...families, studio }));
  await app.register(storybookRoutes({ ...families, studio }));
  await app.register(seriesRoutes({ ...families, studio }));
  await app.register(privacyRoutes({ ...families, privacy }));
  await app.register(imageModelWebhookRoutes({ studio }));
  await app.register(mediaRoutes({ storage, secret: families.mediaSecret }));
  // Public pages of shared portraits: registered in every mode, and before the web app's fallback.
  await app.register(sharePageRoutes({ db: deps.database.db, storage, appName: env.APP_NAME }));
  await app.register(authRoutes(auth));
  if (env.ADMIN_API_TOKEN) {
    await app.register(
      adminRoutes({
        db: deps.database.db,
        storage,
        boss: deps.queue.boss,
        wakeWorker: deps.wakeWorker,
        adminToken: env.ADMIN_API_TOKEN,
        secret: deps.domain.safety.secret,
      }),
    );
  }
  if (env.devMailboxEnabled) {
    // Open to this machine only (the routes check the connection itself).
    await app.register(devMailRoutes({ db: deps.database.db, appName: env.APP_NAME }));
  }

  const webApp = env.isProduction
    ? await registerWebApp(app, { distDir: env.WEB_DIST_DIR, appName: env.APP_NAME, readPublicConfig })
    : null;
  if (env.isProduction && !webApp) {
    app.log.warn({ dir: env.WEB_DIST_DIR }, "web app not built: run `npm run build` to serve it");
  }

  if (webApp) {
    // Client routes get the page from a route rather than from the not-found handler, so the page
    // passes through the route hooks (compression among them); a file that is not there stays a 404.
    app.get("/*", async (request, reply) => {
      if (!isClientRoute(request.method, request.url)) return sendError(reply, 404, notFound(request));
      // A browser with a session cookie gets the page with its first answers (decision 0064).
      const sessionCookie = await sessionCookieOf(auth, request);
      return webApp.sendIndex(reply, request.url, {
        signedInBefore: cookieValue(request.headers.cookie, SIGNED_IN_BEFORE_COOKIE) === "1",
        firstAnswers: sessionCookie ? await firstAnswersFor(app, { url: request.url, sessionCookie }) : null,
      });
    });
  }
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, notFound(request)));

  return app;
}
