import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** Spec §7 /email/regeneration-error: a portrait could not be made, and its credit was refunded. */
export function portraitFailedEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  styleTitle: string;
  credits: number;
  url: string;
  /** The portrait was made twice and neither looked enough like the child (the likeness check). */
  unlike?: boolean;
  /** The portrait failed our automatic safety check (or the provider's) twice (decision 0038). */
  withheld?: boolean;
}): RenderedEmail {
  const { appName, childName, styleTitle } = options;
  const credit = options.credits === 1 ? "1 credit" : `${options.credits} credits`;
  const content: EmailContent = {
    appName,
    subject: `A ${styleTitle} portrait of ${childName} didn't work`,
    preview: `We gave back ${credit}.`,
    heading: "A portrait didn't work",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.withheld
        ? `We made the ${styleTitle} portrait of ${childName} you asked for twice, and each time our automatic safety check on our own servers stopped it, so nobody can see it. Image models sometimes get things wrong; nothing is wrong with your photos.`
        : options.unlike
          ? `We made the ${styleTitle} portrait of ${childName} you asked for twice, and checked each against ${childName}'s photos: neither looked enough like ${childName}, so we didn't keep it.`
          : `We couldn't create the ${styleTitle} portrait of ${childName} you asked for. It happens now and then with image models; nothing is wrong with your photos.`,
      `We gave back the ${credit} it cost, so you can simply try again.`,
    ],
    action: {
      label: "Try again in the studio",
      url: options.url,
      validFor: "as long as you are a member of the family",
    },
    footnote: `You received this because you asked for a portrait on ${appName}.`,
  };
  return renderEmail(content);
}
