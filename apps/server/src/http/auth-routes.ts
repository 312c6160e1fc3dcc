import type { FastifyInstance } from "fastify";
import { type AuthRequestFacts, authRequestContext } from "../auth/auth-request-context";
import type { Auth } from "../auth/create-auth";
import { fetchHeadersOf } from "./request-headers";

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

/**
 * Hands /api/auth/* to Better Auth. The body is passed through untouched (Better Auth parses it
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
      url: "/api/auth/*",
      async handler(request, reply) {
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        // Only our own resolution of the client address counts (see TRUST_PROXY).
        const headers = fetchHeadersOf(request);
        const body = request.body as Buffer | undefined;
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
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  };
}
