import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** Tells a parent with an account that they were added to a family (no action needed to join). */
export function familyMemberAddedEmail(options: {
  appName: string;
  firstName: string;
  inviterName: string;
  familyName: string;
  roleLabel: string;
  url: string;
}): RenderedEmail {
  const { appName, inviterName, familyName } = options;
  const content: EmailContent = {
    appName,
    subject: `You're now in ${familyName} on ${appName}`,
    preview: `${inviterName} added you to ${familyName}.`,
    heading: `Welcome to ${familyName}`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `${inviterName} added you to ${familyName} as ${options.roleLabel.toLowerCase()}. You can switch to it from the family menu at the top of ${appName}.`,
      "If you don't want to be part of this family, you can leave it from your family settings at any time.",
    ],
    action: { label: "Open the family", url: options.url, validFor: "as long as you are a member" },
    footnote: `You received this because a member of ${familyName} added your e-mail address. If you don't know them, leave the family and tell us.`,
  };
  return renderEmail(content);
}
