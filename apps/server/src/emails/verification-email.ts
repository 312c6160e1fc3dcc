import { type EmailContent, greetingFor, ignoreIfNotYou, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

export function verificationEmail(options: {
  appName: string;
  firstName: string;
  url: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Verify your e-mail address for ${appName}`,
    preview: `One click and your ${appName} account is ready.`,
    heading: "Verify your e-mail address",
    greeting: greetingFor(options.firstName),
    paragraphs: [`Welcome to ${appName}! Please confirm this is your e-mail address to finish signing up.`],
    action: { label: "Verify e-mail address", url: options.url, validFor: "24 hours" },
    footnote: ignoreIfNotYou,
  };
  return renderEmail(content);
}
