import {
  acceptTermsEndpoint,
  changeEmailEndpoint,
  getUserEndpoint,
  updateUserEndpoint,
  verificationStatusEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { IdentityDeps } from "../modules/auth/identity-deps";
import { acceptConsent } from "../modules/consent/parental-consent";
import { findUserRow, getUserRecord } from "../modules/users/get-user-record";
import { requestEmailChange } from "../modules/users/request-email-change";
import { updateUserProfile } from "../modules/users/update-user-profile";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";

/** The signed-in parent's own record (spec §7 /user/*). */
export function userRoutes(deps: IdentityDeps) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, getUserEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return getUserRecord(deps.db, { userId, profile: request.body ?? undefined });
    });

    registerEndpoint(app, updateUserEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return updateUserProfile(deps.db, { userId, ...request.body });
    });

    // Read from the database, not the session: the session is cached and may predate the click.
    registerEndpoint(app, verificationStatusEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return { emailVerified: (await findUserRow(deps.db, userId)).emailVerified };
    });

    // Spec §7 /user/accept-terms: what was accepted, when, from where (address and browser).
    registerEndpoint(app, acceptTermsEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      const userAgent = request.headers["user-agent"];
      return acceptConsent(deps.db, {
        userId,
        version: request.body.version,
        ipAddress: request.ip,
        userAgent: typeof userAgent === "string" ? userAgent : null,
      });
    });

    registerEndpoint(app, changeEmailEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      const { email } = await requestEmailChange(deps, { userId, ...request.body, ipAddress: request.ip });
      return { sent: true as const, email };
    });
  };
}
