/**
 * What one e-mail says, independent of format: the HTML and the plain-text part are both rendered
 * from it, so they cannot drift apart.
 */
export type EmailContent = {
  appName: string;
  subject: string;
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value pairs shown as a small table after the paragraphs (a receipt's lines). */
  details?: EmailDetail[];
  action?: EmailAction;
  /** Pictures shown after the paragraphs, in a row that wraps (their `src` is usually `cid:…`). */
  images?: EmailImage[];
  /**
   * Text to keep verbatim after everything else (a signed receipt), shown small in a fixed-width
   * box after a sentence that says what it is for.
   */
  appendix?: { intro: string; block: string };
  /** Why the reader got this and what to do if it wasn't them. */
  footnote: string;
  /**
   * For e-mails a parent can turn off (decision 0068): the page that turns them off without
   * signing in, linked after the footnote.
   */
  unsubscribe?: { url: string; label: string };
};

export type EmailImage = { src: string; alt: string };

export type EmailDetail = { label: string; value: string };

export type EmailAction = {
  label: string;
  url: string;
  /**
   * How long the link works, as read in a sentence: "24 hours". Left out for a link that simply
   * opens a page of the app (the parent signs in as usual), which has nothing to expire.
   */
  validFor?: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

export const brandColors = {
  night: "#1b1433",
  primary: "#6440f0",
  accent: "#ff8a5b",
  ink: "#1d1836",
  muted: "#5f5a78",
  canvas: "#faf9fe",
  line: "#e9e6f4",
  white: "#ffffff",
} as const;

/** "Hi Ada," — or a neutral greeting when the name is missing. Whitespace is collapsed so a name cannot add lines. */
export function greetingFor(firstName: string): string {
  const name = firstName.replace(/\s+/g, " ").trim();
  return name ? `Hi ${name},` : "Hi there,";
}

export const ignoreIfNotYou = "Didn't ask for this? You can safely ignore this e-mail; nothing changes.";
