import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { formatDay } from "./email-format";
import { renderEmail } from "./render-email";

/** Confirms a cancelled plan and the day it stops; what the parent made stays theirs. */
export function subscriptionCancelledEmail(options: {
  appName: string;
  firstName: string;
  planName: string;
  /** When the plan stops giving its benefits (the end of the paid period, or now). */
  endsAt: Date;
  /** The plan stopped at once (cancelled at the payment provider), rather than at its period end. */
  endedNow: boolean;
  url: string;
}): RenderedEmail {
  const { appName, planName } = options;
  const endsOn = formatDay(options.endsAt);
  const content: EmailContent = {
    appName,
    subject: `Your ${planName} plan is cancelled · ${appName}`,
    preview: options.endedNow ? `It ended on ${endsOn}.` : `You can keep using it until ${endsOn}.`,
    heading: "Your plan is cancelled",
    greeting: greetingFor(options.firstName),
    paragraphs: [
      options.endedNow
        ? `Your ${planName} plan was cancelled and ended on ${endsOn}. You won't be charged for it again.`
        : `We've cancelled your ${planName} plan as you asked. It keeps working until ${endsOn}; after that it won't renew and you won't be charged again.`,
      "Your portraits and any credits you have left stay yours. Changed your mind? You can pick a plan again at any time.",
    ],
    action: { label: "Manage your plan", url: options.url },
    footnote: `You received this because the plan of your ${appName} account was cancelled. Didn't cancel it? Change your password and reply to this e-mail so we can help.`,
  };
  return renderEmail(content);
}
