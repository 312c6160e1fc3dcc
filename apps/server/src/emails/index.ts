export { accountNoticeEmail } from "./account-notice-email";
export { emailChangeEmail } from "./email-change-email";
export type { RenderedEmail } from "./email-content";
export { emailLinkSignInEmail } from "./email-link-sign-in-email";
export { familyInvitationEmail } from "./family-invitation-email";
export { familyMemberAddedEmail } from "./family-member-added-email";
export { passwordResetEmail } from "./password-reset-email";
export { verificationEmail } from "./verification-email";
