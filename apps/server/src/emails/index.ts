export { accountNoticeEmail } from "./account-notice-email";
export { emailChangeEmail } from "./email-change-email";
export type { RenderedEmail } from "./email-content";
export { emailLinkSignInEmail } from "./email-link-sign-in-email";
export { passwordResetEmail } from "./password-reset-email";
export { verificationEmail } from "./verification-email";
