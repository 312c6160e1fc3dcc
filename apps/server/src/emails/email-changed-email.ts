import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * Sent to the old address once the account has moved to a new one. Its link is the way back: it
 * returns the account to this address, signs everyone out and asks for a new password.
 */
export function emailChangedEmail(options: {
  appName: string;
  firstName: string;
  newEmail: string;
  secureUrl: string;
  validFor: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Your ${appName} e-mail address was changed`,
    preview: `Your account now uses ${options.newEmail}.`,
    heading: "Your e-mail address was changed",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `Your ${appName} account now uses ${options.newEmail}. From now on we'll write to that address, and you sign in with it.`,
      "If this was you, there is nothing more to do.",
      "If it wasn't you, use the button below: it moves the account back to this address, signs everyone out and sends you a link to choose a new password.",
    ],
    action: {
      label: "This wasn't me: secure my account",
      url: options.secureUrl,
      validFor: options.validFor,
    },
    footnote: `We sent this to your previous address because it concerns the security of your ${appName} account.`,
  };
  return renderEmail(content);
}
