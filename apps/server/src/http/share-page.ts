import { createHash } from "node:crypto";
import { escapeHtml } from "../lib/escape-html";

/**
 * The public share page of one portrait, and the page for a link that opens nothing. Tiny and
 * self-contained (one inline stylesheet, no script, no font): the picture, fitted whole into the
 * first screen on any size, the parent's caption if they wrote one (the only name the page can
 * show: no child's name, no family otherwise), the product's name and one link to make your own.
 */

// The body is exactly one screen tall (dvh: a phone's collapsing address bar included); the picture
// is a grid row that grows up to what the header, caption and footer leave (max-height: 100% of its
// row), so a 1,320 px portrait shrinks to fit instead of opening on its top third, and the caption
// stays right under it.
const stylesheet = [
  "html,body{margin:0;height:100%}",
  "body{box-sizing:border-box;display:flex;flex-direction:column;height:100vh;height:100dvh;padding:0 clamp(8px,3vw,32px);background:#1b1433;color:#f4f1ff;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}",
  "header,footer{flex:none;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 16px;text-align:center}",
  "header{padding:12px 0}",
  ".brand{font-size:1.125rem;font-weight:700;letter-spacing:.02em}",
  "main{flex:1 1 0;min-height:0;display:grid;grid-template-rows:minmax(0,auto) auto;align-content:center;justify-items:center}",
  "main img{display:block;max-width:100%;max-height:100%;min-height:0;border-radius:16px;box-shadow:0 24px 64px rgba(0,0,0,.45)}",
  ".caption{margin:12px auto 0;max-width:40rem;font-size:1.125rem;font-weight:600;text-align:center;overflow-wrap:anywhere}",
  "footer{padding:12px 0 max(16px,env(safe-area-inset-bottom));color:#cfc7ee;font-size:.9375rem}",
  "footer a{display:inline-block;padding:10px 18px;border-radius:999px;background:#f4f1ff;color:#1b1433;font-weight:700;text-decoration:none}",
  "footer a:hover,footer a:focus-visible{background:#fff;outline:2px solid #f4f1ff;outline-offset:2px}",
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

/**
 * The landing page (sign-up), marked so the product's own analytics counts families who came from a
 * shared portrait. The link carries no token: the referrer policy already keeps the address private.
 */
export const SHARE_PAGE_LANDING_PATH = "/sign-up?utm_source=shared-portrait&utm_medium=share-link";

function page(options: { appName: string; title: string; body: string }): string {
  const appName = escapeHtml(options.appName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(options.title)} · ${appName}</title>
<style>${stylesheet}</style>
</head>
<body>
<header><span class="brand">${appName}</span></header>
${options.body}
<footer><span>Themed portraits made from your own photos.</span><a href="${SHARE_PAGE_LANDING_PATH.replace(/&/g, "&amp;")}" rel="noreferrer">Make portraits of your child</a></footer>
</body>
</html>
`;
}

/**
 * The picture with the parent's caption, if any (escaped: it is the parent's text). `imagePath` is
 * built from a checked token (base64url only): nothing to escape there.
 */
export function renderSharePage(options: {
  appName: string;
  imagePath: string;
  caption: string | null;
}): string {
  const caption = options.caption ? escapeHtml(options.caption) : null;
  return page({
    appName: options.appName,
    title: options.caption ?? "A shared portrait",
    body: `<main><img src="${options.imagePath}" alt="A shared portrait">${
      caption ? `<p class="caption">${caption}</p>` : ""
    }</main>`,
  });
}

/** Expired, stopped, unknown or malformed: one page for all, so it tells nobody which. */
export function renderShareGonePage(appName: string): string {
  return page({
    appName,
    title: "Link not available",
    body: `<main><div class="gone"><h1>This link isn't available</h1><p>Shared portrait links work for a limited time and can be turned off by whoever shared them. Ask them for a new link.</p></div></main>`,
  });
}
