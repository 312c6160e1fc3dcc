import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** A storybook the parent ordered is made: a private, expiring link to its print-ready PDF. */
export function storybookReadyEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  title: string;
  pages: number;
  url: string;
  /** How long this link works, as read in a sentence ("7 days"). */
  linkValidFor: string;
  studioUrl: string;
}): RenderedEmail {
  const { appName, childName, title } = options;
  const content: EmailContent = {
    appName,
    subject: `"${title}", ${childName}'s storybook, is ready to print`,
    preview: `${options.pages} pages, print-ready: download the PDF.`,
    heading: `${childName}'s storybook is ready`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `"${title}" is laid out and ready to print: a cover, ${options.pages - 2} portraits of ${childName} with their captions, and a closing page.`,
      "The PDF is print-ready (3 mm bleed, pictures at 300 dpi, fonts embedded): any print shop or photo-book service that takes PDF files can print it.",
      `After this link expires, download the book again from ${childName}'s studio: ${options.studioUrl}`,
    ],
    action: { label: "Download the storybook", url: options.url, validFor: options.linkValidFor },
    footnote: `You received this because you ordered a storybook on ${appName}.`,
  };
  return renderEmail(content);
}
