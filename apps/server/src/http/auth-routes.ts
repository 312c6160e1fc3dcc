import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { type AuthRequestFacts, authRequestContext } from "../modules/auth/better-auth/auth-request-context";
import { isAllowedAuthRoute } from "../modules/auth/better-auth/auth-route-allowlist";
import { AUTH_BASE_PATH, type Auth } from "../modules/auth/better-auth/create-auth";
import { fetchHeadersOf } from "./request-headers";
import { BETTER_AUTH_ROUTE } from "./same-origin";
import { unsafeTextInRawBody } from "./unsafe-text";

/**
 * Better Auth redirects a refused social sign-in to the sign-in page with `error=account_not_linked`
 * but without the address; the page needs it to name the account's sign-in methods (spec §8).
 */
function withRefusedEmail(location: string, facts: AuthRequestFacts): string {
  if (!facts.socialEmail) return location;
  try {
    const url = new URL(location, "http://placeholder.invalid");
    if (url.searchParams.get("error") !== "account_not_linked") return location;
    url.searchParams.set("email", facts.socialEmail);
    return location.startsWith("http") ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return location;
  }
}

const STABLE_CODE = /^[A-Z][A-Z0-9_]*$/;
const codeByStatus: Record<number, string> = {
  401: commonErrorCodes.unauthenticated,
  403: commonErrorCodes.forbidden,
  404: commonErrorCodes.notFound,
  429: commonErrorCodes.rateLimited,
};

/**
 * Better Auth's errors mostly carry `{code, message}` already; its rate limiter and a few others
 * send only a message. Every API error has the same shape, so the missing code is added here.
 */
function withErrorShape(status: number, body: Buffer, contentType: string | null): Buffer {
  if (status < 400 || !contentType?.includes("application/json")) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return body;
  }
  const error = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (
    typeof error.code === "string" &&
    STABLE_CODE.test(error.code) &&
    typeof error.message === "string" &&
    error.message
  )
    return body;
  const code =
    typeof error.code === "string" && STABLE_CODE.test(error.code)
      ? error.code
      : (codeByStatus[status] ?? (status >= 500 ? commonErrorCodes.internal : commonErrorCodes.badRequest));
  const message =
    typeof error.message === "string" && error.message
      ? error.message
      : "The request could not be processed.";
  return Buffer.from(JSON.stringify({ ...error, code, message }));
}

/**
 * Hands the allowlisted /api/auth/* endpoints to Better Auth. The body is passed through untouched (Better Auth parses it
 * itself, and OAuth callbacks may post forms), so this plugin keeps raw bodies in its own scope.
 * Our own identity endpoints under /api/auth (identity-routes.ts) are matched before this wildcard.
 */
export function authRoutes(auth: Auth) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 65_536 }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: ["GET", "POST"],
      url: BETTER_AUTH_ROUTE,
      async handler(request, reply) {
        // Only the endpoints the product uses are open (auth-route-allowlist.ts); the raw path is
        // checked, so no spelling Better Auth's router would normalise reaches a closed one.
        const rawPath = request.url.split("?")[0] ?? "";
        if (!isAllowedAuthRoute(request.method, rawPath.slice(AUTH_BASE_PATH.length))) {
          return reply.callNotFound();
        }
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        // Only our own resolution of the client address counts (see TRUST_PROXY).
        const headers = fetchHeadersOf(request);
        const body = request.body as Buffer | undefined;
        // Better Auth would pass a NUL straight to the database and answer 500; refuse it first.
        const unsafe =
          body && body.length > 0 ? unsafeTextInRawBody(request.headers["content-type"], body) : null;
        if (unsafe) throw unsafe;
        const facts: AuthRequestFacts = {};
        const response = await authRequestContext.run(facts, () =>
          auth.handler(
            new Request(url, {
              method: request.method,
              headers,
              body: body && body.length > 0 ? new Uint8Array(body) : undefined,
            }),
          ),
        );
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          // Several cookies come as separate set-cookie headers; Headers joins them otherwise.
          if (key === "set-cookie") return;
          reply.header(key, key === "location" ? withRefusedEmail(value, facts) : value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        if (!response.body) return reply.send(null);
        const sent = withErrorShape(
          response.status,
          Buffer.from(await response.arrayBuffer()),
          response.headers.get("content-type"),
        );
        // The body may have grown by a code; let Fastify count it again.
        reply.removeHeader("content-length");
        return reply.send(sent);
      },
    });
  };
}
