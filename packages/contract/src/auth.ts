import { z } from "zod";
import { defineEndpoint } from "./endpoint";

import {
  authMessages,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  passwordMessages,
  personNameMessages,
  signInMethods,
  socialProviders,
} from "./rules/auth-rules";

// The rules and words live in the zod-free entry (./rules), which the public pages import; the
// schemas below are made of them, and the contract's main entry offers both.
export * from "./rules/auth-rules";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, authMessages.invalidEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: authMessages.invalidEmail }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);

export const personNameSchema = z
  .string()
  .trim()
  .min(1, personNameMessages.missing)
  .max(PERSON_NAME_MAX_LENGTH, personNameMessages.tooLong);

/** The sign-in methods an account can have (spec §7: "looking up the sign-in methods of an e-mail"). */
export const signInMethodSchema = z.enum(signInMethods);

export const socialProviderSchema = z.enum(socialProviders);

const successSchema = z.object({ success: z.boolean(), message: z.string() });

/** createUserInFirebaseAndDb of spec §7: the account is created on the server. */
export const createUserEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/create-user",
  request: z.object({ firstName: personNameSchema, email: emailSchema, password: passwordSchema }),
  response: successSchema,
});

export const signInMethodsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/sign-in-methods",
  request: z.object({ email: emailSchema }),
  response: z.object({ methods: z.array(signInMethodSchema) }),
});

export const sendVerificationEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/send-verification-email",
  request: z.object({}).optional(),
  response: z.object({ sent: z.literal(true), email: z.string() }),
});

export const verifyEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/verify-email",
  request: z.object({ token: z.string().min(1).max(200) }),
  response: z.object({
    emailVerified: z.literal(true),
    email: z.string(),
    /**
     * The link was "this wasn't me" from a change-of-address notice: the account is back on `email`,
     * every session ended, the password no longer works, and a reset link went to `email`.
     */
    accountSecured: z.literal(true).optional(),
  }),
});

export const sendPasswordResetEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/send-password-reset-email",
  request: z.object({ email: emailSchema }),
  response: z.object({ sent: z.literal(true) }),
});

/**
 * createSocialUserInDb of spec §7. `providerUid` is the user's id at Google or Facebook (the
 * account id Better Auth stored), where the spec had the identity provider's uid.
 */
export const createSocialUserEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/create-social-user",
  request: z.object({
    providerUid: z.string().min(1).max(255),
    email: emailSchema,
    firstName: z.string().trim().max(60).default(""),
    lastName: z.string().trim().max(60).default(""),
    avatarUrl: z.url().max(2048).nullable().optional(),
    provider: socialProviderSchema,
  }),
  response: successSchema,
});

/**
 * Completes e-mail-link sign-in from /finalize-signup. The e-mail must be the one the link was sent
 * to (spec §5: 'Email is required', 'Invalid sign-in link'), so a forwarded link is useless.
 */
export const completeEmailLinkEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/auth/complete-email-link",
  request: z.object({ email: emailSchema, token: z.string().min(1).max(200) }),
  response: z.object({ token: z.string(), isNewUser: z.boolean() }),
});
