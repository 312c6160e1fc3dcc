import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * A notice without a link (a password was changed, an account deleted…). `body` may hold several
 * paragraphs separated by blank lines. There is nothing to ignore here, so the footnote says why
 * the reader got it instead.
 */
export function accountNoticeEmail(options: {
  appName: string;
  firstName: string;
  title: string;
  body: string;
}): RenderedEmail {
  const { appName } = options;
  const content: EmailContent = {
    appName,
    subject: `${options.title} · ${appName}`,
    preview: options.title,
    heading: options.title,
    greeting: greetingFor(options.firstName),
    paragraphs: options.body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    footnote: `You received this notice because it concerns your ${appName} account. If this wasn't you, reset your password or get in touch with us.`,
  };
  return renderEmail(content);
}
