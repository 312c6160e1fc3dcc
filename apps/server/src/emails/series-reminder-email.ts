import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * Grow with me (decision 0068): the yearly reminder of a child's series, asking for a few new
 * photos so the style can be made again and the years set side by side.
 */
export function seriesReminderEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  styleName: string;
  /** "birthday" when the day is the child's birthday. */
  occasion: "birthday" | "chosen";
  year: number;
  uploadUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appName, childName, styleName } = options;
  const content: EmailContent = {
    appName,
    subject:
      options.occasion === "birthday"
        ? `Happy birthday, ${childName}! Time for this year's ${styleName} portrait`
        : `Time for ${childName}'s ${styleName} portrait of ${options.year}`,
    preview: `Add a few new photos of ${childName} for this year's ${styleName} portrait.`,
    heading: `${childName}'s ${styleName} portrait, ${options.year}`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.occasion === "birthday"
        ? `${childName} is a year older today, and ${styleName} is one of ${childName}'s yearly portraits. A few new photos taken this year show how ${childName} has grown.`
        : `It is the day you picked for ${childName}'s yearly ${styleName} portrait. A few new photos taken this year show how ${childName} has grown.`,
      `Each photo is checked as it arrives, like the first ones: ${childName}'s face clearly visible, and the same child as before.`,
    ],
    action: { label: `Add photos of ${childName}`, url: options.uploadUrl },
    footnote: `You received this because you made ${styleName} a yearly series for ${childName} on ${appName}. It comes once a year.`,
    unsubscribe: { url: options.unsubscribeUrl, label: "Stop these yearly reminders" },
  };
  return renderEmail(content);
}
