import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * Grow with me (decision 0068): the yearly reminder of a child's series, asking for this year's
 * portrait of the style, which then joins the years side by side.
 */
export function seriesReminderEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  styleName: string;
  /** "birthday" when the day is the child's birthday. */
  occasion: "birthday" | "chosen";
  year: number;
  /** The studio with the series' style chosen. */
  studioUrl: string;
  /** The child's "through the years" page. */
  yearsUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appName, childName, styleName } = options;
  const content: EmailContent = {
    appName,
    subject:
      options.occasion === "birthday"
        ? `Happy birthday, ${childName}! Time for this year's ${styleName} portrait`
        : `Time for ${childName}'s ${styleName} portrait of ${options.year}`,
    preview: `Make this year's ${styleName} portrait of ${childName}, to stand beside the others.`,
    heading: `${childName}'s ${styleName} portrait, ${options.year}`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.occasion === "birthday"
        ? `${childName} is a year older today, and ${styleName} is one of ${childName}'s yearly portraits. This year's is waiting to be made.`
        : `It is the day you picked for ${childName}'s yearly ${styleName} portrait. This year's is waiting to be made.`,
      `Once it is made, it stands beside the other years in ${childName}'s "through the years", ready to print as one A4 poster: ${options.yearsUrl}`,
    ],
    action: { label: `Make this year's ${styleName} portrait`, url: options.studioUrl },
    footnote: `You received this because you made ${styleName} a yearly series for ${childName} on ${appName}. It comes once a year.`,
    unsubscribe: { url: options.unsubscribeUrl, label: "Stop these yearly reminders" },
  };
  return renderEmail(content);
}
