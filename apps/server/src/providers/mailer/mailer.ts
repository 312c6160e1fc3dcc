/** What an e-mail is for; the outbox and logs are searchable by it. */
export type MailKind =
  | "email-verification"
  | "email-change"
  | "email-link-sign-in"
  | "password-reset"
  | "account-notice"
  | "password-changed"
  | "email-changed"
  | "account-secured"
  | "payment-receipt"
  | "subscription-cancelled"
  | "family-invitation"
  | "studio-ready"
  | "portrait-failed"
  | "child-deleted"
  | "family-deleted"
  | "account-deleted"
  | "data-export-ready"
  | "storybook-ready"
  | "series-reminder";

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: MailKind;
  /** The one action link of the message, if any (shown in the dev mailbox and logged locally). */
  link?: string;
  /**
   * For e-mails a parent can turn off (decision 0068): the RFC 8058 one-click address, sent as the
   * List-Unsubscribe header with List-Unsubscribe-Post, so mail apps offer their own button.
   */
  unsubscribeUrl?: string;
  /** Pictures shown inside the message (the HTML refers to each as `cid:<cid>`). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Buffer; cid: string };

/**
 * The mailer port. `outbox` (default) stores messages in the database for the dev mailbox;
 * `smtp` delivers through nodemailer. Both are complete implementations of the same contract.
 */
export type Mailer = {
  kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
};
