import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/**
 * Grow with me (decisions 0068, 0069): the yearly reminder of a child's series. It asks for a few of
 * this year's photos, which update the child's model; the update then makes this year's portrait of
 * each series by itself, and it joins the years side by side.
 */
export function seriesReminderEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  styleName: string;
  /** "birthday" when the day is the child's birthday. */
  occasion: "birthday" | "chosen";
  year: number;
  /**
   * The page that takes this year's photos and starts the update; null when the child's model was
   * updated lately (or cannot be yet): the e-mail then asks for the portrait alone.
   */
  photosUrl: string | null;
  /** How many new photos an update needs. */
  photosNeeded: number;
  /** The studio with the series' style chosen. */
  studioUrl: string;
  /** The child's "through the years" page. */
  yearsUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  const { appName, childName, styleName } = options;
  const opening =
    options.occasion === "birthday"
      ? `${childName} is a year older today, and ${styleName} is one of ${childName}'s yearly portraits.`
      : `It is the day you picked for ${childName}'s yearly ${styleName} portrait.`;
  const years = `It then stands beside the other years in ${childName}'s "through the years", ready to print as one A4 poster: ${options.yearsUrl}`;
  const content: EmailContent = {
    appName,
    subject:
      options.occasion === "birthday"
        ? `Happy birthday, ${childName}! Time for this year's ${styleName} portrait`
        : `Time for ${childName}'s ${styleName} portrait of ${options.year}`,
    preview: options.photosUrl
      ? `Add a few photos of ${childName} from this year: we make this year's ${styleName} portrait from them.`
      : `Make this year's ${styleName} portrait of ${childName}, to stand beside the others.`,
    heading: `${childName}'s ${styleName} portrait, ${options.year}`,
    greeting: greetingFor(options.firstName),
    paragraphs: options.photosUrl
      ? [
          opening,
          `Add ${options.photosNeeded} or more photos of ${childName} taken this year. We check they are ${childName}, update ${childName}'s likeness from them, and make this year's ${styleName} portrait by itself.`,
          years,
          `Rather keep the current likeness? Make this year's portrait in the studio: ${options.studioUrl}`,
        ]
      : [`${opening} ${childName}'s likeness is up to date, so this year's is ready to be made.`, years],
    action: options.photosUrl
      ? { label: `Add this year's photos of ${childName}`, url: options.photosUrl }
      : { label: `Make this year's ${styleName} portrait`, url: options.studioUrl },
    footnote: `You received this because you made ${styleName} a yearly series for ${childName} on ${appName}. It comes once a year.`,
    unsubscribe: { url: options.unsubscribeUrl, label: "Stop these yearly reminders" },
  };
  return renderEmail(content);
}
