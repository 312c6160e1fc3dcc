import type { EmailContent, RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** No name: the link may be asked for by someone who has no account (or no name) yet. */
export function emailLinkSignInEmail(options: { appName: string; url: string }): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `Your sign-in link for ${appName}`,
    preview: `Sign in to ${appName} with one click.`,
    heading: `Sign in to ${appName}`,
    greeting: "Hi there,",
    paragraphs: ["Here is the sign-in link you asked for. No password needed."],
    action: { label: `Sign in to ${appName}`, url: options.url, validFor: "15 minutes" },
    footnote: "Didn't ask for this? You can safely ignore this e-mail; nobody can sign in without the link.",
  };
  return renderEmail(content);
}
