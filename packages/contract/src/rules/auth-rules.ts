/**
 * The identity rules and words of spec §5 and §8 as plain values and functions, without zod: the
 * zod schemas in ../auth.ts are built from them, and the public pages (sign-in, sign-up) check their
 * forms with them without loading zod. One source, two consumers; auth-rules.test.ts checks that
 * each check answers as its schema does.
 */

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
  /** Not in the spec: the session ended elsewhere (a password change, signing out everywhere). */
  sessionEnded: "You were signed out on this device. Please sign in again.",
  accountExistsWithMethods: (methods: string) =>
    `An account already exists with this email. Please sign in with ${methods}`,
  /** Not in the spec: the e-mail limits (decision 0042). */
  tooManyEmailsToAddress:
    "We have already sent several e-mails to this address. Please check the inbox (and the spam folder), or try again later.",
  tooManyEmailsFromClient: "Too many e-mails have been requested from your network. Please try again later.",
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
  /** Enough e-mails went to this address for now (EMAIL_SEND_RECIPIENT_LIMIT). */
  emailAddressRateLimited: "EMAIL_ADDRESS_RATE_LIMITED",
  /** This client asked for enough e-mails for now (EMAIL_SEND_CLIENT_LIMIT). */
  emailClientRateLimited: "EMAIL_CLIENT_RATE_LIMITED",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest address SMTP allows (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;
export const PERSON_NAME_MAX_LENGTH = 60;

/**
 * What an e-mail address must look like: zod's own e-mail pattern (zod 4, `z.regexes.email`), kept
 * here so that the schema and the plain check use the very same one.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const passwordMessages = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
} as const;

export const personNameMessages = {
  missing: "Please enter a name.",
  tooLong: `Use at most ${PERSON_NAME_MAX_LENGTH} characters.`,
} as const;

/** A checked value as the schema would give it (trimmed, lower-cased…), or the message that refuses it. */
export type Checked = { ok: true; value: string } | { ok: false; message: string };

const refuse = (message: string): Checked => ({ ok: false, message });

/** emailSchema's rule: trimmed, lower-cased, at most EMAIL_MAX_LENGTH characters, EMAIL_PATTERN. */
export function checkEmail(input: string): Checked {
  const value = input.trim().toLowerCase();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return refuse(authMessages.invalidEmail);
  return { ok: true, value };
}

/** passwordSchema's rule: PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters, as typed. */
export function checkPassword(input: string): Checked {
  if (input.length < PASSWORD_MIN_LENGTH) return refuse(passwordMessages.tooShort);
  if (input.length > PASSWORD_MAX_LENGTH) return refuse(passwordMessages.tooLong);
  return { ok: true, value: input };
}

/** personNameSchema's rule: trimmed, not empty, at most PERSON_NAME_MAX_LENGTH characters. */
export function checkPersonName(input: string): Checked {
  const value = input.trim();
  if (value.length < 1) return refuse(personNameMessages.missing);
  if (value.length > PERSON_NAME_MAX_LENGTH) return refuse(personNameMessages.tooLong);
  return { ok: true, value };
}

/** The sign-in methods an account can have (spec §7: "looking up the sign-in methods of an e-mail"). */
export const signInMethods = ["password", "email-link", "google", "facebook"] as const;
export type SignInMethod = (typeof signInMethods)[number];

export const socialProviders = ["google", "facebook"] as const;
export type SocialProvider = (typeof socialProviders)[number];

/**
 * The page a Google or Facebook sign-in popup (spec §7) lands on: it hands the outcome to the window
 * that opened it and closes. The server lets this page (and Better Auth's redirects on the way) keep
 * the tie to the opener (Cross-Origin-Opener-Policy), which the rest of the app does not offer.
 */
export const SOCIAL_SIGN_IN_POPUP_PATH = "/social-sign-in/popup";
