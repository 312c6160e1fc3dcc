import { authErrorCodes, authMessages, commonErrorCodes } from "@wonderkin/contract";
import type { FastifyRequest } from "fastify";
import type { Auth } from "../auth/create-auth";
import { AppError } from "../lib/app-error";
import { fetchHeadersOf } from "./request-headers";

export type Identity = {
  userId: string;
  email: string;
  emailVerified: boolean;
  sessionId: string;
  sessionToken: string;
  sessionCreatedAt: Date;
};

/**
 * The signed-in parent behind a request (bearer token, or Better Auth's cookie), or a 401. A
 * disabled account is refused even with a session that predates the disabling.
 */
export async function requireIdentity(auth: Auth, request: FastifyRequest): Promise<Identity> {
  const result = await auth.api.getSession({ headers: fetchHeadersOf(request) });
  if (!result) throw new AppError(401, commonErrorCodes.unauthenticated, "Please sign in to continue.");
  const user = result.user as typeof result.user & { disabledAt?: Date | null };
  if (user.disabledAt) throw new AppError(403, authErrorCodes.accountDisabled, authMessages.accountDisabled);
  return {
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    sessionId: result.session.id,
    sessionToken: result.session.token,
    sessionCreatedAt: new Date(result.session.createdAt),
  };
}

/** The signed-in parent, with a verified address: buying and family work need one. */
export async function requireVerifiedIdentity(auth: Auth, request: FastifyRequest): Promise<Identity> {
  const identity = await requireIdentity(auth, request);
  if (!identity.emailVerified) {
    throw new AppError(
      403,
      "EMAIL_NOT_VERIFIED",
      "Verify your e-mail address first: open the link we sent you, then try again.",
    );
  }
  return identity;
}
