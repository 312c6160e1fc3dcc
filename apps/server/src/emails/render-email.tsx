/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas make JSX work whichever tsconfig tsx picks up (it reads the working directory's).
import { renderToStaticMarkup } from "react-dom/server";
import type { EmailContent, RenderedEmail } from "./email-content";
import { EmailLayout } from "./email-layout";

/** Both parts of a message from one content object: HTML for mail apps, text for everything else. */
export function renderEmail(content: EmailContent): RenderedEmail {
  return {
    subject: content.subject,
    html: `<!doctype html>${renderToStaticMarkup(<EmailLayout content={content} />)}`,
    text: renderText(content),
  };
}

function renderText(content: EmailContent): string {
  const { action } = content;
  const blocks = [
    content.heading,
    content.greeting,
    ...content.paragraphs,
    content.details?.length
      ? content.details.map((detail) => `${detail.label}: ${detail.value}`).join("\n")
      : undefined,
    content.images?.length ? `Attached: ${content.images.map((image) => image.alt).join("; ")}.` : undefined,
    action ? `${action.label}:\n${action.url}` : undefined,
    action?.validFor ? `This link is valid for ${action.validFor}.` : undefined,
    content.appendix ? `${content.appendix.intro}\n\n${content.appendix.block}` : undefined,
    content.unsubscribe
      ? `${content.footnote}\n${content.unsubscribe.label}: ${content.unsubscribe.url}\n\n— ${content.appName}`
      : `${content.footnote}\n\n— ${content.appName}`,
  ];
  return `${blocks.filter((block): block is string => Boolean(block)).join("\n\n")}\n`;
}
