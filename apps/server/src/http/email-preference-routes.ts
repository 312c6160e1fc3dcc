import {
  emailPreferencesEndpoint,
  oneClickUnsubscribePath,
  unsubscribeEndpoint,
  updateEmailPreferencesEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { IdentityDeps } from "../modules/auth/identity-deps";
import {
  readEmailPreferences,
  unsubscribeByLink,
  updateEmailPreferences,
} from "../modules/mail/email-opt-out";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";

/** The one-click POST carries only `List-Unsubscribe=One-Click`: nothing bigger is read. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * E-mail preferences (decision 0068): the signed-in parent's own, and the unsubscribe links of the
 * e-mails, which work without signing in (the page's button, and mail apps' RFC 8058 one-click POST).
 */
export function emailPreferenceRoutes(deps: IdentityDeps & { secret: string }) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, emailPreferencesEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return readEmailPreferences(deps.db, userId);
    });
    registerEndpoint(app, updateEmailPreferencesEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return updateEmailPreferences(deps.db, userId, request.body);
    });
    registerEndpoint(app, unsubscribeEndpoint, async (request) => unsubscribeByLink(deps, request.body));

    // Mail apps POST a form (RFC 8058 names urlencoded or multipart): whatever it is, the token in
    // the address is what counts, so the body is read as text in this scope only and ignored.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        "*",
        { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT },
        (_r, body, done) => done(null, body),
      );
      scope.post(oneClickUnsubscribePath, async (request) => {
        const { token } = request.query as { token?: unknown };
        // A missing or repeated token reads as "", which the check refuses like a forged one.
        await unsubscribeByLink(deps, { token: typeof token === "string" ? token : "" });
        return { unsubscribed: true };
      });
    });
  };
}
