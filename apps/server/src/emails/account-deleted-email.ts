import { type DeletionReceiptView, withDeletionReceipt } from "./deletion-receipt-section";
import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * The last message to an address whose account was deleted: at the parent's request, or because
 * the address was never confirmed within the retention period.
 */
export function accountDeletedEmail(options: {
  appName: string;
  firstName: string;
  reason: "requested" | "unverified";
  retentionDays?: number;
  /** The signed receipt of what was deleted (decision 0043). */
  receipt?: DeletionReceiptView;
}): RenderedEmail {
  const { appName } = options;
  const paragraphs =
    options.reason === "requested"
      ? [
          `As you asked, we deleted your ${appName} account: your families you were the only member of, with their children's photos, portraits and image models; your place in shared families; your credits, consents and analytics data. Any plan was cancelled and will not renew.`,
          "We keep only the records of your payments that tax law requires, without anything about your children. This cannot be undone, and this is the last e-mail we send you.",
        ]
      : [
          `Someone created a ${appName} account with this address, and it was never confirmed within ${options.retentionDays ?? 30} days. As our privacy policy says, we have deleted it with everything in it.`,
          "You don't need to do anything. You are welcome to sign up again at any time.",
        ];
  const content: EmailContent = {
    appName,
    subject: `Your ${appName} account has been deleted`,
    preview: "Your account and its data are gone for good.",
    heading: "Your account has been deleted",
    greeting: greetingFor(options.firstName),
    paragraphs,
    footnote:
      options.reason === "requested"
        ? `You received this because the account of this address was deleted on ${appName}. If this wasn't you, get in touch with us.`
        : `You received this because an account was created on ${appName} with this address.`,
  };
  return renderEmail(options.receipt ? withDeletionReceipt(content, options.receipt) : content);
}
