import { authErrorCodes, authMessages, commonErrorCodes } from "@wonderkin/contract";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";
import type { Auth } from "../modules/auth/better-auth/create-auth";
import { findSignedInSession } from "../modules/auth/find-signed-in-session";
import type { FamilyMembership } from "../modules/families/family-membership";
import { cookieValue } from "./cookie-value";
import { fetchHeadersOf } from "./request-headers";
import { sessionTokenOf } from "./session-token";

export type Identity = {
  userId: string;
  email: string;
  emailVerified: boolean;
  sessionId: string;
  sessionToken: string;
  sessionCreatedAt: Date;
};

/** What authentication needs: Better Auth's settings (secret, cookie, session ages) and the database. */
export type AuthenticationDeps = { auth: Auth; db: Database };

type SessionSettings = {
  secret: string;
  cookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
};

const settingsByAuth = new WeakMap<Auth, Promise<SessionSettings>>();

function sessionSettingsOf(auth: Auth): Promise<SessionSettings> {
  let settings = settingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      secret: context.secret,
      cookieName: context.authCookies.sessionToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsByAuth.set(auth, settings);
  }
  return settings;
}

/**
 * The signed-in parent behind a request (bearer token, or Better Auth's cookie), or a 401, with
 * their membership of `familyId` when one is named — in one signature check and one query
 * (decision 0027). Better Auth's own `getSession` costs two signature checks and up to three
 * queries; it is still called when a session is due for its sliding renewal (at most once per
 * `updateAge`), so sessions are extended exactly as before. A disabled account is refused even with
 * a session that predates the disabling.
 */
export async function authenticate(
  deps: AuthenticationDeps,
  request: FastifyRequest,
  familyId?: string,
): Promise<{ identity: Identity; membership: FamilyMembership | null }> {
  const settings = await sessionSettingsOf(deps.auth);
  const token = sessionTokenOf(request, settings);
  const found = token ? await findSignedInSession(deps.db, { token, familyId }) : null;
  const now = Date.now();
  if (!found || found.sessionExpiresAt.getTime() <= now) {
    throw new AppError(401, commonErrorCodes.unauthenticated, "Please sign in to continue.");
  }
  if (found.disabledAt) throw new AppError(403, authErrorCodes.accountDisabled, authMessages.accountDisabled);
  if (found.sessionExpiresAt.getTime() - settings.expiresInMs + settings.updateAgeMs <= now) {
    await deps.auth.api.getSession({ headers: fetchHeadersOf(request) });
  }
  return {
    identity: {
      userId: found.userId,
      email: found.email,
      emailVerified: found.emailVerified,
      sessionId: found.sessionId,
      sessionToken: found.sessionToken,
      sessionCreatedAt: found.sessionCreatedAt,
    },
    membership: found.membership,
  };
}

/**
 * Better Auth's session cookie as the browser sent it (still signed), or null. Only a page request
 * reads it (to embed its first answers, decision 0064); the API authenticates through `authenticate`.
 */
export async function sessionCookieOf(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const { cookieName } = await sessionSettingsOf(auth);
  return cookieValue(request.headers.cookie, cookieName);
}

/** The signed-in parent behind a request, or a 401 (see authenticate). */
export async function requireIdentity(deps: AuthenticationDeps, request: FastifyRequest): Promise<Identity> {
  return (await authenticate(deps, request)).identity;
}

/** The signed-in parent, with a verified address: buying and family work need one. */
export async function requireVerifiedIdentity(
  deps: AuthenticationDeps,
  request: FastifyRequest,
): Promise<Identity> {
  const identity = await requireIdentity(deps, request);
  if (!identity.emailVerified) {
    throw new AppError(
      403,
      "EMAIL_NOT_VERIFIED",
      "Verify your e-mail address first: open the link we sent you, then try again.",
    );
  }
  return identity;
}
