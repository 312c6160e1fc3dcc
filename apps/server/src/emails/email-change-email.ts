import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

export function emailChangeEmail(options: {
  appName: string;
  firstName: string;
  newEmail: string;
  url: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Confirm your new e-mail address for ${appName}`,
    preview: `Confirm the change to ${options.newEmail}.`,
    heading: "Confirm your new e-mail address",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `You asked to change the e-mail address of your ${appName} account to ${options.newEmail}.`,
      "The change takes effect once you confirm it.",
    ],
    action: { label: "Confirm new address", url: options.url, validFor: "24 hours" },
    footnote: "Didn't ask for this? You can safely ignore this e-mail; your address stays the same.",
  };
  return renderEmail(content);
}
