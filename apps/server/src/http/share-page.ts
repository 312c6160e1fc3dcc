import { createHash } from "node:crypto";

/**
 * The public share page of one portrait, and the page for a link that opens nothing. Tiny and
 * self-contained (one inline stylesheet, no script, no font, no link anywhere): it shows the picture
 * and nothing else — no child's name, no family, no product chrome that leads back to them.
 */

const stylesheet = [
  "html,body{margin:0;height:100%}",
  "body{display:grid;place-items:center;background:#1b1433;color:#f4f1ff;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
  "main{box-sizing:border-box;display:grid;place-items:center;width:100%;height:100%;padding:clamp(8px,3vw,32px)}",
  "img{display:block;max-width:100%;max-height:100%;border-radius:16px;box-shadow:0 24px 64px rgba(0,0,0,.45)}",
  ".gone{max-width:26rem;text-align:center}",
  ".gone h1{margin:0 0 .5rem;font-size:1.5rem;font-weight:600}",
  ".gone p{margin:0;color:#cfc7ee}",
].join("");

const styleHash = createHash("sha256").update(stylesheet).digest("base64");

/** Nothing may load but our own image and this very stylesheet; nothing may frame the page. */
export const sharePageCsp = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src 'sha256-${styleHash}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${stylesheet}</style>
</head>
<body>
<main>${body}</main>
</body>
</html>
`;
}

/** The picture alone. `imagePath` is built from a checked token (base64url only): nothing to escape. */
export function renderSharePage(imagePath: string): string {
  return page("A shared portrait", `<img src="${imagePath}" alt="A shared portrait">`);
}

/** Expired, stopped, unknown or malformed: one page for all, so it tells nobody which. */
export function renderShareGonePage(): string {
  return page(
    "Link not available",
    `<div class="gone"><h1>This link isn't available</h1><p>Shared portrait links work for a limited time and can be turned off by whoever shared them. Ask them for a new link.</p></div>`,
  );
}
