import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** The parent's data export is ready: a private, expiring download link. */
export function dataExportReadyEmail(options: {
  appName: string;
  firstName: string;
  url: string;
  /** How long this link works, as read in a sentence ("24 hours"). */
  linkValidFor: string;
  /** The date until which a fresh link can be had from the privacy page. */
  availableUntil: string;
  accountUrl: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Your ${appName} data export is ready`,
    preview: "Download a zip of everything we keep about you and your children.",
    heading: "Your data export is ready",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      "The zip holds everything we keep about you: your account, families, children, consents, credits, plans and payments (in export.json), with every training photo and every portrait of the children in your families.",
      `The file is kept until ${options.availableUntil}, then deleted. After this link expires, get a fresh one from your account's privacy page: ${options.accountUrl}`,
      "The zip contains your children's photos: keep it somewhere private.",
    ],
    action: { label: "Download your data", url: options.url, validFor: options.linkValidFor },
    footnote: `You received this because you asked for your data on ${appName}. If this wasn't you, reset your password and get in touch with us.`,
  };
  return renderEmail(content);
}
