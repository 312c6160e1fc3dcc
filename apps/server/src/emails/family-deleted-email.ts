import { type DeletionReceiptView, withDeletionReceipt } from "./deletion-receipt-section";
import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** Confirms to the owner who deleted a family that it and its children's data are gone. */
export function familyDeletedEmail(options: {
  appName: string;
  firstName: string;
  familyName: string;
  childCount: number;
  /** The signed receipt of what was deleted (decision 0043). */
  receipt?: DeletionReceiptView;
}): RenderedEmail {
  const { appName, familyName, childCount } = options;
  const children =
    childCount === 0
      ? "It had no children."
      : `With it went ${childCount === 1 ? "its child" : `its ${childCount} children`}: every uploaded photo, every portrait and print file, each image model trained on the photos, and every data export that held them.`;
  const content: EmailContent = {
    appName,
    subject: `${familyName} has been deleted from ${appName}`,
    preview: `${familyName} and everything in it are gone for good.`,
    heading: `${familyName} has been deleted`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `As you asked, we deleted ${familyName}, its members list and its invitations. ${children}`,
      "This cannot be undone. Your own account, credits and plan are not affected.",
    ],
    footnote: `You received this because you deleted a family on ${appName}. If this wasn't you, reset your password and get in touch with us.`,
  };
  return renderEmail(options.receipt ? withDeletionReceipt(content, options.receipt) : content);
}
