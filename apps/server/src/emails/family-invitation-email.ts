import { type EmailContent, ignoreIfNotYou, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** An invitation to someone without an account yet: the link signs them up and joins the family. */
export function familyInvitationEmail(options: {
  appName: string;
  inviterName: string;
  familyName: string;
  roleLabel: string;
  url: string;
  validFor: string;
}): RenderedEmail {
  const { appName, inviterName, familyName } = options;
  const content: EmailContent = {
    appName,
    subject: `${inviterName} invited you to ${familyName} on ${appName}`,
    preview: `Join ${familyName} and see the children's portraits together.`,
    heading: `Join ${familyName}`,
    greeting: "Hi there,",
    paragraphs: [
      `${inviterName} invited you to join ${familyName} on ${appName} as ${options.roleLabel.toLowerCase()}.`,
      "Families share their children's studios: everyone in the family sees the children and their portraits. Create your account with this e-mail address to accept.",
    ],
    action: { label: "Accept the invitation", url: options.url, validFor: options.validFor },
    footnote: ignoreIfNotYou,
  };
  return renderEmail(content);
}
