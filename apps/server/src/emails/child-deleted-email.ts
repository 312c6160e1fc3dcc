import { type DeletionReceiptView, withDeletionReceipt } from "./deletion-receipt-section";
import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** Confirms to the parent who deleted a child that everything of the child is gone. */
export function childDeletedEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  familyName: string;
  /** The signed receipt of what was deleted (decision 0043). */
  receipt?: DeletionReceiptView;
}): RenderedEmail {
  const { appName, childName, familyName } = options;
  const content: EmailContent = {
    appName,
    subject: `${childName}'s data has been deleted from ${appName}`,
    preview: `${childName}'s photos, portraits and model are gone for good.`,
    heading: `${childName}'s data has been deleted`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `As you asked, we deleted ${childName} from ${familyName}: every uploaded photo, every portrait and print file, the image model trained on the photos, every data export that held them, and ${childName}'s details.`,
      "This cannot be undone, and nobody in the family can see any of it any more. Credits spent on portraits are not given back.",
    ],
    footnote: `You received this because you deleted a child on ${appName}. If this wasn't you, reset your password and get in touch with us.`,
  };
  return renderEmail(options.receipt ? withDeletionReceipt(content, options.receipt) : content);
}
