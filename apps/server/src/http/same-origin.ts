import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendError } from "./error-handler";

/** The wildcard route that hands requests to Better Auth (http/auth-routes.ts). */
export const BETTER_AUTH_ROUTE = "/api/auth/*";

/** Better Auth's session cookie (`__Secure-` prefixed on HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

function usesSessionCookie(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization ?? "";
  if (/^Bearer\s/i.test(authorization)) return false;
  return SESSION_COOKIE.test(request.headers.cookie ?? "");
}

/**
 * Whether a request authenticated by the session cookie comes from the product's own pages. A
 * browser attaches the cookie to requests other sites make (a form post, a fetch), so the cookie
 * alone proves nothing: the Origin header must be ours, or, without one, Sec-Fetch-Site must not
 * say cross-site. Bearer-token requests need no check: another site cannot read the token.
 */
export function isCrossSiteCookieRequest(request: FastifyRequest, ownOrigin: string): boolean {
  if (!usesSessionCookie(request)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== ownOrigin;
  return request.headers["sec-fetch-site"] === "cross-site";
}

/**
 * The app's own endpoints refuse cross-site cookie requests (403 CROSS_SITE_REQUEST). Better
 * Auth's routes check origins themselves (trusted origins = PUBLIC_URL) and must accept the
 * providers' cross-site OAuth callbacks, so they are left to it; GET and HEAD change nothing.
 */
export function registerSameOriginCheck(app: FastifyInstance, options: { publicUrl: string }): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
    if (!request.url.startsWith("/api/") || request.routeOptions.url === BETTER_AUTH_ROUTE) return;
    if (!isCrossSiteCookieRequest(request, ownOrigin)) return;
    return sendError(reply, 403, {
      code: commonErrorCodes.crossSiteRequest,
      message: "This request came from another website and was refused. Use the app itself.",
    });
  });
}
