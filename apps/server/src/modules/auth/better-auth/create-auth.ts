import {
  authErrorCodes,
  authMessages,
  familyRoleLabels,
  isFamilyRole,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@wonderkin/contract";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { organization } from "better-auth/plugins/organization";
import { eq } from "drizzle-orm";
import type { Env } from "../../../config/env";
import type { Database } from "../../../db/client";
import * as schema from "../../../db/schema";
import { emailLinkSignInEmail, familyInvitationEmail, passwordResetEmail } from "../../../emails";
import { loggableError } from "../../../lib/loggable-error";
import { hashToken } from "../../../lib/tokens";
import type { Mailer } from "../../../providers/mailer/mailer";
import { emailSendPolicy, emailSendRefusal, reserveEmailSend } from "../../mail/reserve-email-send";
import { sendPasswordChangedEmail } from "../send-password-changed-email";
import {
  clearSignInFailures,
  releaseSignInAttempt,
  reserveSignInAttempt,
  signInThrottlePolicy,
} from "../sign-in-throttle";
import { captureSocialEmail } from "./auth-request-context";
import { familyAccessControl, familyAccessRoles } from "./family-access-control";
import { hashPassword, verifyPassword } from "./password-hashing";
import { socialProviderConfigs } from "./social-providers";

export type AuthOptions = {
  db: Database;
  env: Env;
  secret: string;
  mailer: Mailer;
  /** Where a security notice that could not be sent is reported (the change itself stands). */
  logger?: { warn(obj: object, msg: string): void };
  /**
   * Runs once a new user is stored, whichever way they signed up: the composition root passes the
   * families module's personal-family creation, so authentication imports no module above it.
   */
  onUserCreated: (user: { userId: string; firstName: string }) => Promise<void>;
};

/** Where Better Auth is mounted; auth-routes.ts hands it only the allowlisted paths below this. */
export const AUTH_BASE_PATH = "/api/auth";

/** The header our HTTP layer sets to the client address Fastify resolved (honouring TRUST_PROXY). */
export const CLIENT_IP_HEADER = "x-wonderkin-client-ip";

/**
 * Better Auth routes that send an e-mail to the address in their body, whoever asks: each is
 * counted by the product's e-mail limits before Better Auth looks the address up (decision 0042).
 */
const EMAIL_SENDING_PATHS = new Set([
  "/request-password-reset",
  "/sign-in/magic-link",
  "/organization/invite-member",
]);

/** A hook's request data: headers for server-API calls (our endpoints), request for HTTP ones. */
type HookRequest = { headers?: Headers | undefined; request?: Request | undefined; body?: unknown };

const clientIpOf = (ctx: HookRequest) =>
  ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
const bodyEmailOf = (ctx: HookRequest) =>
  String((ctx.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase();

/** What Better Auth logs as errors for an OAuth callback it could not match to a sign-in we started. */
const CLIENT_CALLBACK_MISTAKES = new Set([
  "State not found",
  "INVALID_CALLBACK_REQUEST",
  "Failed to parse state",
  "No callback URL found",
]);

export const EMAIL_LINK_TTL_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const FAMILY_INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Parents, grandparents, guardians: generous for a family, small enough to stop abuse. */
export const FAMILY_MEMBERSHIP_LIMIT = 20;

/**
 * Better Auth plays the spec's identity provider: e-mail + password (argon2id), e-mail links,
 * Google and Facebook, bearer-token sessions, families as organizations. Tokens sent by e-mail are
 * stored hashed and single-use; rate limits are shared through the database by every instance.
 */
export function createAuth({ db, env, secret, mailer, logger, onUserCreated }: AuthOptions) {
  const throttle = signInThrottlePolicy(env);
  const emailSends = emailSendPolicy(env);
  const appName = env.APP_NAME;
  const socialProviders = socialProviderConfigs(env, captureSocialEmail);
  const socialProviderIds = new Set(socialProviders.map((provider) => provider.providerId));
  const tellPasswordChanged = (user: { email: string; firstName?: unknown }, how: "changed" | "reset") =>
    sendPasswordChangedEmail(
      { mailer, env, ...(logger ? { logger } : {}) },
      { email: user.email, firstName: typeof user.firstName === "string" ? user.firstName : "", how },
    );

  return betterAuth({
    appName,
    logger: {
      // Better Auth logs the errors it catches with their full text, which for a database error is
      // the SQL with the client's values: keep only what loggableError allows.
      log: (level, message, ...args) => {
        const details = args.map((arg) => (arg instanceof Error ? loggableError(arg) : arg));
        const line = `[Better Auth] ${message}`;
        // A callback with no, or a forged, state is the client's doing (a crawler, a stale tab).
        if (level === "error" && CLIENT_CALLBACK_MISTAKES.has(message)) console.warn(line);
        else if (level === "error") console.error(line, ...details.map((detail) => JSON.stringify(detail)));
        else if (level === "warn") console.warn(line, ...details);
      },
    },
    baseURL: env.publicUrl,
    basePath: AUTH_BASE_PATH,
    // A sign-in that fails with no page of its own to return to lands on our sign-in page, which
    // explains the `error` it is given; Better Auth's own /error page is closed (decision 0039).
    onAPIError: { errorURL: `${env.publicUrl}/sign-in` },
    secret,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "", input: true },
        lastName: { type: "string", required: false, defaultValue: "", input: true },
        totalCredits: { type: "number", required: false, defaultValue: 0, input: false },
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      // Unverified parents may sign in; the web app keeps them on /verify until they are.
      requireEmailVerification: false,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        const firstName = (user as { firstName?: string }).firstName ?? "";
        await mailer.send({
          to: user.email,
          kind: "password-reset",
          link: url,
          ...passwordResetEmail({ appName, firstName, url }),
        });
      },
      // Called once the reset link's new password is stored (and every session revoked).
      onPasswordReset: async ({ user }) => {
        await tellPasswordChanged(user, "reset");
      },
    },
    verification: { storeIdentifier: "hashed" },
    account: {
      // An e-mail that already has an account is not silently linked to a new social login: the
      // parent is told which methods the account has (spec §8).
      accountLinking: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        // Reading one's own session is not an attack surface; every page load does it.
        "/get-session": false,
        "/sign-in/email": { window: 15 * 60, max: env.SIGN_IN_IP_LIMIT },
        // Starting a Google/Facebook sign-in only redirects; the provider does the checking.
        "/sign-in/social": { window: 60, max: env.SIGN_IN_IP_LIMIT },
        "/request-password-reset": { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.publicUrl.startsWith("https://"),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await onUserCreated({
              userId: created.id,
              firstName: (created as { firstName?: string }).firstName ?? "",
            });
          },
        },
      },
      session: {
        create: {
          // One place refuses every sign-in method for a disabled account.
          before: async (session) => {
            const [row] = await db
              .select({ disabledAt: schema.user.disabledAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.disabledAt) {
              throw new APIError("FORBIDDEN", {
                code: authErrorCodes.accountDisabled,
                message: authMessages.accountDisabled,
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/social") {
          // An unknown provider is the client's mistake; Better Auth would log it as its own error.
          const provider = (ctx.body as { provider?: unknown } | undefined)?.provider;
          if (typeof provider !== "string" || !socialProviderIds.has(provider)) {
            throw new APIError("BAD_REQUEST", {
              code: authErrorCodes.unknownSignInProvider,
              message: "This way of signing in is not available.",
            });
          }
          return;
        }
        if (EMAIL_SENDING_PATHS.has(ctx.path)) {
          const email = bodyEmailOf(ctx);
          const ipAddress = clientIpOf(ctx);
          // Every request from outside carries its client address (fetchHeadersOf); a call without
          // one is the product's own, such as the reset that securing an account sends, and must go.
          if (!email || !ipAddress) return;
          // Counted per request, before Better Auth knows whether the address has an account, so
          // the answer never tells (a reset for an unknown address spends the same allowance).
          const decision = await reserveEmailSend(db, { recipient: email, ipAddress, policy: emailSends });
          if (decision.kind === "allowed") return;
          const { code, message, retryAfterSeconds } = emailSendRefusal(decision);
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { code, message },
            { "retry-after": String(retryAfterSeconds) },
          );
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = bodyEmailOf(ctx);
        if (!email) return;
        const ipAddress = clientIpOf(ctx);
        // The attempt is counted before the password is checked (sign-in-throttle.ts): the after
        // hook learns which row is this attempt's through the context returned here.
        const { decision, attemptId } = await reserveSignInAttempt(db, {
          email,
          ipAddress,
          policy: throttle,
        });
        if (decision.kind === "allowed") return { context: { signInAttemptId: attemptId } };
        // When to try again, in the header for clients and in the body for the sign-in page, which
        // says it in minutes (decision 0054). It is the throttle's own answer for this address and
        // client, the same whether or not the address has an account.
        const { retryAfterSeconds } = decision;
        throw new APIError(
          "TOO_MANY_REQUESTS",
          decision.kind === "client-throttled"
            ? {
                code: authErrorCodes.tooManyAttempts,
                message: authMessages.tooManyRequests,
                retryAfterSeconds,
              }
            : {
                code: authErrorCodes.emailLinkRequired,
                message: authMessages.emailLinkRequired,
                retryAfterSeconds,
              },
          { "retry-after": String(retryAfterSeconds) },
        );
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/change-password") {
          // Better Auth has no callback for a signed-in change: its answer names the user once the
          // new password is stored, and an error (wrong current password) names nobody.
          const returned = ctx.context.returned as
            | { user?: { email?: unknown; firstName?: unknown } }
            | undefined;
          const changed = isAPIError(returned) ? undefined : returned?.user;
          if (typeof changed?.email === "string") {
            await tellPasswordChanged({ email: changed.email, firstName: changed.firstName }, "changed");
          }
          return;
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = bodyEmailOf(ctx);
        if (!email) return;
        const returned = ctx.context.returned;
        const attemptId = (ctx as { signInAttemptId?: unknown }).signInAttemptId;
        if (!isAPIError(returned)) {
          await clearSignInFailures(db, { email, ipAddress: clientIpOf(ctx) });
        } else if (returned.body?.code !== "INVALID_EMAIL_OR_PASSWORD" && typeof attemptId === "number") {
          // Not a wrong password (a malformed request, a disabled account): not a failure either.
          await releaseSignInAttempt(db, { attemptId });
        }
      }),
    },
    plugins: [
      bearer(),
      magicLink({
        expiresIn: EMAIL_LINK_TTL_SECONDS,
        rateLimit: { window: 60, max: env.EMAIL_LINK_IP_LIMIT },
        // Our own (known) hash, so /complete-email-link can check the address before using a link.
        storeToken: { type: "custom-hasher", hash: async (token) => hashToken(token) },
        sendMagicLink: async ({ email, token }) => {
          const url = `${env.publicUrl}/finalize-signup?token=${encodeURIComponent(token)}`;
          await mailer.send({
            to: email,
            kind: "email-link-sign-in",
            link: url,
            ...emailLinkSignInEmail({ appName, url }),
          });
        },
      }),
      organization({
        // Every parent gets a family at sign-up (databaseHooks above); more come from invitations.
        allowUserToCreateOrganization: false,
        ac: familyAccessControl,
        roles: familyAccessRoles,
        membershipLimit: FAMILY_MEMBERSHIP_LIMIT,
        invitationExpiresIn: FAMILY_INVITATION_TTL_SECONDS,
        // The invitation e-mail proves nothing by itself (admins can see its id): the invited
        // parent joins only once their own address is verified.
        requireEmailVerificationOnInvitation: true,
        sendInvitationEmail: async ({ id, email, role, organization, inviter }) => {
          const url = `${env.publicUrl}/invitation/${encodeURIComponent(id)}`;
          const inviterUser = inviter.user as typeof inviter.user & { firstName?: string };
          await mailer.send({
            to: email,
            kind: "family-invitation",
            link: url,
            ...familyInvitationEmail({
              appName,
              inviterName: inviterUser.firstName || inviterUser.name || inviterUser.email,
              familyName: organization.name,
              roleLabel: isFamilyRole(role) ? familyRoleLabels[role] : "Member",
              url,
              validFor: `${FAMILY_INVITATION_TTL_SECONDS / 86_400} days`,
            }),
          });
        },
      }),
      genericOAuth({ config: socialProviders }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
