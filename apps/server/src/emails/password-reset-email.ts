import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

export function passwordResetEmail(options: {
  appName: string;
  firstName: string;
  url: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Reset your ${appName} password`,
    preview: "Choose a new password for your account.",
    heading: "Reset your password",
    greeting: greetingFor(options.firstName),
    paragraphs: [`We received a request to reset the password of your ${appName} account.`],
    action: { label: "Choose a new password", url: options.url, validFor: "1 hour" },
    footnote: "Didn't ask for this? You can safely ignore this e-mail; your password stays the same.",
  };
  return renderEmail(content);
}
