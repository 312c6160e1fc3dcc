import { type EmailContent, greetingFor, type RenderedEmail } from "./email-content";
import { renderEmail } from "./render-email";

/** Tells the parent who started a training that the child's magic studio is open. */
export function studioReadyEmail(options: {
  appName: string;
  firstName: string;
  childName: string;
  url: string;
  /** The free previews, when the parent asked for them by e-mail: attached as `cid:<cid>`. */
  previews?: { cid: string; title: string }[];
}): RenderedEmail {
  const { appName, childName } = options;
  const content: EmailContent = {
    appName,
    subject: `${childName}'s magic studio is ready`,
    preview: `Training has finished: create ${childName}'s first portraits.`,
    heading: `${childName}'s magic studio is ready`,
    greeting: greetingFor(options.firstName),
    paragraphs: [
      `Training on ${childName}'s photos has finished. Pick a style — astronaut, fairy, viking and many more — and create the first portraits.`,
      ...(options.previews?.length
        ? [
            `Here are the free previews made while ${childName}'s model trained. In the studio, each one can be made again with ${childName}'s own model.`,
          ]
        : []),
      "Each portrait costs one credit; if one ever fails, the credit comes back on its own.",
    ],
    images: options.previews?.map((preview) => ({
      src: `cid:${preview.cid}`,
      alt: `${preview.title} preview of ${childName}`,
    })),
    action: {
      label: "Open the studio",
      url: options.url,
      validFor: "as long as you are a member of the family",
    },
    footnote: `You received this because you started training for ${childName} on ${appName}.`,
  };
  return renderEmail(content);
}
