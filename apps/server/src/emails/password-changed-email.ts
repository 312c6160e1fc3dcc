import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { formatDay } from "./email-format";
import { renderEmail } from "./render-email";

/**
 * Tells the account's address that its password changed. The link asks for a reset link to that
 * same address, so a parent whose password someone else changed can take the account back.
 */
export function passwordChangedEmail(options: {
  appName: string;
  firstName: string;
  /** Changed while signed in, or reset through an e-mailed link. */
  how: "changed" | "reset";
  changedAt: Date;
  resetUrl: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Your ${appName} password was changed`,
    preview: "If this was you, there is nothing more to do.",
    heading: "Your password was changed",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.how === "reset"
        ? `The password of your ${appName} account was reset with an e-mailed link on ${formatDay(options.changedAt)}, and every device was signed out.`
        : `The password of your ${appName} account was changed on ${formatDay(options.changedAt)}. Other devices were signed out.`,
      "If this was you, there is nothing more to do.",
      "If it wasn't you, choose a new password now with the button below: the link we send goes only to this address.",
    ],
    action: { label: "This wasn't me: reset my password", url: options.resetUrl },
    footnote: `You received this notice because it concerns the security of your ${appName} account.`,
  };
  return renderEmail(content);
}
