import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/** Spec §8: the sign-in and sign-up messages, word for word. */
export const authMessages = {
  emailNotRegistered: "Email is not registered. Please sign up first.",
  wrongPassword: "Incorrect password. Please try again.",
  invalidEmail: "Please enter a valid email address.",
  accountDisabled: "This account has been disabled. Please contact support.",
  tooManyRequests: "Too many failed attempts. Please try again later.",
  emailLinkRequired:
    "Too many failed attempts on this account. Sign in with an e-mail link instead: we will send it to your address.",
  signInFailed: "Failed to sign in. Please check your credentials and try again.",
  emailInUse: "Email is already in use. Please sign in.",
  createUserFailed: "Failed to create user",
  signUpFailed: "Failed to sign up. Please try again.",
  emailRequired: "Email is required",
  invalidSignInLink: "Invalid sign-in link",
  userNotFoundInDb: "User not found in DB",
  accountExistsWithMethods: (methods: string) =>
    `An account already exists with this email. Please sign in with ${methods}`,
} as const;

/** Stable error codes of the identity endpoints. */
export const authErrorCodes = {
  emailInUse: "EMAIL_IN_USE",
  invalidEmail: "INVALID_EMAIL",
  accountDisabled: "ACCOUNT_DISABLED",
  tooManyAttempts: "TOO_MANY_ATTEMPTS",
  verificationLinkInvalid: "VERIFICATION_LINK_INVALID",
  verificationEmailThrottled: "VERIFICATION_EMAIL_THROTTLED",
  alreadyVerified: "EMAIL_ALREADY_VERIFIED",
  invalidSignInLink: "INVALID_SIGN_IN_LINK",
  wrongPassword: "WRONG_PASSWORD",
  userNotFound: "USER_NOT_FOUND",
  unknownSignInProvider: "UNKNOWN_SIGN_IN_PROVIDER",
  /** Too many failed passwords from everywhere: this account signs in by e-mail link for a while. */
  emailLinkRequired: "EMAIL_LINK_REQUIRED",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: authMessages.invalidEmail }));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

export const personNameSchema = z
  .string()
  .trim()
  .min(1, "Please enter a name.")
  .max(60, "Use at most 60 characters.");

/** The sign-in methods an account can have (spec §7: "looking up the sign-in methods of an e-mail"). */
export const signInMethodSchema = z.enum(["password", "email-link", "google", "facebook"]);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

export const socialProviderSchema = z.enum(["google", "facebook"]);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/**
 * The page a Google or Facebook sign-in popup (spec §7) lands on: it hands the outcome to the window
 * that opened it and closes. The server lets this page (and Better Auth's redirects on the way) keep
 * the tie to the opener (Cross-Origin-Opener-Policy), which the rest of the app does not offer.
 */
export const SOCIAL_SIGN_IN_POPUP_PATH = "/social-sign-in/popup";

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
