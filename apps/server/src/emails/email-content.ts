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
  action?: EmailAction;
  /** Pictures shown after the paragraphs, in a row that wraps (their `src` is usually `cid:…`). */
  images?: EmailImage[];
  /** Why the reader got this and what to do if it wasn't them. */
  footnote: string;
};

export type EmailImage = { src: string; alt: string };

export type EmailAction = {
  label: string;
  url: string;
  /** How long the link works, as read in a sentence: "24 hours". */
  validFor: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

export const brandColors = {
  night: "#1b1433",
  primary: "#6440f0",
  accent: "#ff8a5b",
  ink: "#1d1836",
  muted: "#5f5a78",
  canvas: "#faf9fe",
  white: "#ffffff",
} as const;

/** "Hi Ada," — or a neutral greeting when the name is missing. Whitespace is collapsed so a name cannot add lines. */
export function greetingFor(firstName: string): string {
  const name = firstName.replace(/\s+/g, " ").trim();
  return name ? `Hi ${name},` : "Hi there,";
}

export const ignoreIfNotYou = "Didn't ask for this? You can safely ignore this e-mail; nothing changes.";
