import { SOCIAL_SIGN_IN_POPUP_PATH } from "@wonderkin/contract/rules";

/** Every route of spec §2, in one place. Builders for parameterised routes sit next to them. */
export const paths = {
  home: "/",
  signIn: "/sign-in",
  signUp: "/sign-up",
  verify: "/verify",
  verifyEmail: "/verify-email",
  finalizeSignup: "/finalize-signup",
  /** Where Google and Facebook sign-in come back to (not in spec §2: the redirect needs a page). */
  finalizeSocial: "/finalize-social",
  /**
   * Where Google and Facebook sign-in in a popup (desktops, spec §7) come back to: the page tells the
   * window that opened the popup, which goes on to /finalize-social (or /sign-in) as the redirect would.
   */
  socialSignInPopup: SOCIAL_SIGN_IN_POPUP_PATH,
  /** Forgotten password: ask for a link, then choose a new password (spec §7 send-password-reset-email). */
  resetPassword: "/reset-password",
  privacyPolicy: "/privacy-policy",
  /**
   * The link in an e-mail the product sends on its own (the yearly series reminders): turns it off
   * without signing in, once the button is pressed (decision 0068). The contract's
   * `unsubscribePagePath`, which the e-mails link to, written out: the contract's main entry brings zod
   * into every page that loads this file (a test keeps the two equal).
   */
  unsubscribe: "/email-preferences/unsubscribe",
  accountSettings: "/account/settings",
  /** The current family: its name and picture, members, invitations and roles. */
  familySettings: "/account/family",
  changePassword: "/account/change-password",
  manageSubscription: "/account/subscription/manage",
  subscriptionHistory: "/account/subscription/view-history",
  uploadImages: "/kids/upload-images",
  uploadTips: "/kids/upload-tips",
  consentAgreement: "/kids/consent-agreement",
  selectPlan: "/kids/select-plan",
  topUpCreditPlans: "/kids/top-up-credit-plans",
  addChildren: "/kids/add-children",
  addChildrenInProgress: "/kids/add-children/in-progress",
  chooseTheme: "/kids/choose-theme",
  magicStudio: (childId: number) => `/kids/children/${childId}/magic-studio`,
  studioIntro: (childId: number) => `/kids/children/${childId}/studio-intro`,
  storybooks: (childId: number) => `/kids/children/${childId}/storybooks`,
  throughTheYears: (childId: number) => `/kids/children/${childId}/through-the-years`,
  /**
   * The built-in checkout of the local payment provider (not in spec §2: with Stripe the parent pays
   * on Stripe's page). Outside /kids, so the subscription rules never send a parent away from paying.
   */
  checkout: (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}`,
  /** The link in a family invitation e-mail: readable signed out, signed in, verified or not. */
  invitation: (invitationId: string) => `/invitation/${encodeURIComponent(invitationId)}`,
} as const;

/** Where a signed-out visitor goes: spec §2 marks /sign-up as the public fallback. */
export const defaultPublicPath = paths.signUp;

/** Where a signed-in visitor without a better destination goes: the protected fallback. */
export const defaultProtectedPath = paths.chooseTheme;

/**
 * Routes a signed-out visitor may open. Spec §2 marks sign-in, sign-up and home public; the pages
 * reached from e-mail links (verification, sign-in link, password reset), the return from Google or
 * Facebook and the privacy policy must be readable without an account too.
 */
export const publicPaths: ReadonlySet<string> = new Set([
  paths.home,
  paths.signIn,
  paths.signUp,
  paths.verifyEmail,
  paths.finalizeSignup,
  paths.finalizeSocial,
  paths.resetPassword,
  paths.privacyPolicy,
  paths.unsubscribe,
]);

/**
 * Pages opened from e-mail links that spend their token once, when they appear. Nothing about them
 * depends on the children, so the guard shows them without waiting for the children to load: the
 * loading screen would unmount them as the parent becomes verified, and the remount would spend the
 * token a second time.
 */
export const emailLinkPaths: ReadonlySet<string> = new Set([
  paths.verifyEmail,
  paths.finalizeSignup,
  paths.resetPassword,
]);

/** The two pages an unverified user may stay on (spec §2). */
export const verificationPaths: ReadonlySet<string> = new Set([paths.verify, paths.verifyEmail]);

/** /invitation/{invitationId}: open to everyone; the page itself says what the visitor can do. */
export const invitationRoutePattern = /^\/invitation\/[^/?#\s]+\/?$/;

/** /kids/children/{childId}/(magic-studio|studio-intro|storybooks|through-the-years): the segment is matched loosely and validated by the guard. */
export const childRoutePattern =
  /^\/kids\/children\/([^/]+)\/(magic-studio|studio-intro|storybooks|through-the-years)\/?$/;
