import {
  completeEmailLinkEndpoint,
  createSocialUserEndpoint,
  createUserEndpoint,
  sendPasswordResetEmailEndpoint,
  sendVerificationEmailEndpoint,
  signInMethodsEndpoint,
  verifyEmailEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { completeEmailLink } from "../modules/auth/complete-email-link";
import { createUserAccount } from "../modules/auth/create-user-account";
import type { IdentityDeps } from "../modules/auth/identity-deps";
import { listSignInMethods } from "../modules/auth/list-sign-in-methods";
import { recordSocialSignUp } from "../modules/auth/record-social-sign-up";
import { sendVerificationEmail } from "../modules/auth/send-verification-email";
import { verifyEmailToken } from "../modules/auth/verify-email-token";
import { findUserRow } from "../modules/users/get-user-record";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";
import { fetchHeadersOf } from "./request-headers";

/** Our identity endpoints under /api/auth (Better Auth serves the rest of that prefix). */
export function identityRoutes(deps: IdentityDeps) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, createUserEndpoint, async (request) => {
      await createUserAccount(deps, {
        ...request.body,
        headers: fetchHeadersOf(request),
        ipAddress: request.ip,
      });
      return { success: true, message: "Your account is ready. Check your inbox to verify your e-mail." };
    });

    registerEndpoint(app, signInMethodsEndpoint, async (request) => ({
      methods: await listSignInMethods(deps.db, { email: request.body.email }),
    }));

    registerEndpoint(app, sendVerificationEmailEndpoint, async (request) => {
      const identity = await requireIdentity(deps, request);
      const row = await findUserRow(deps.db, identity.userId);
      const { email } = await sendVerificationEmail(deps, {
        userId: row.id,
        email: row.email,
        firstName: row.firstName,
        emailVerified: row.emailVerified,
        sendLimit: { ipAddress: request.ip },
      });
      return { sent: true as const, email };
    });

    registerEndpoint(app, verifyEmailEndpoint, async (request) => {
      const { email, secured } = await verifyEmailToken(deps, { token: request.body.token });
      return { emailVerified: true as const, email, ...(secured ? { accountSecured: true as const } : {}) };
    });

    registerEndpoint(app, sendPasswordResetEmailEndpoint, async (request) => {
      // Better Auth answers the same whether or not the address has an account.
      await deps.auth.api.requestPasswordReset({
        body: { email: request.body.email, redirectTo: "/reset-password" },
        headers: fetchHeadersOf(request),
      });
      return { sent: true as const };
    });

    registerEndpoint(app, completeEmailLinkEndpoint, async (request) =>
      completeEmailLink(deps, { ...request.body, headers: fetchHeadersOf(request) }),
    );

    registerEndpoint(app, createSocialUserEndpoint, async (request) => {
      const identity = await requireIdentity(deps, request);
      await recordSocialSignUp(deps.db, { userId: identity.userId, ...request.body });
      return { success: true, message: "Welcome!" };
    });
  };
}
