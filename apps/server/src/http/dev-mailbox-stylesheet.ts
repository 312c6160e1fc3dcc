/**
 * The dev mailbox's stylesheet, served from /dev/mailbox.css: the app's Content-Security-Policy
 * (style-src 'self') refuses inline styles, so the page links this instead.
 */
export const devMailboxStylesheet = `
:root { color-scheme: light; font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: #faf9fe; color: #1d1836; line-height: 1.5; }
header { background: #1b1433; color: #fff; padding: 16px 24px; border-bottom: 4px solid #ff8a5b; }
header h1 { margin: 0; font-size: 20px; }
header p { margin: 4px 0 0; color: #d9d4f0; font-size: 14px; }
main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 20px; }
label { font-weight: 600; }
input[type="search"] { flex: 1 1 240px; padding: 8px 12px; border: 1px solid #cfc9e6; border-radius: 8px; font: inherit; }
button { padding: 8px 16px; border: 0; border-radius: 8px; background: #6440f0; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
a { color: #6440f0; }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #ff8a5b; outline-offset: 2px; }
.empty { color: #5f5a78; }
ol.messages { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
article { background: #fff; border: 1px solid #e6e2f5; border-radius: 12px; padding: 16px; }
article h2 { margin: 0 0 4px; font-size: 17px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 0; font-size: 14px; }
dt { color: #5f5a78; }
dd { margin: 0; overflow-wrap: anywhere; }
.kind { display: inline-block; padding: 0 8px; border-radius: 999px; background: #ece6ff; color: #3d22b3; font-size: 13px; font-weight: 600; }
details { margin-top: 8px; font-size: 14px; }
summary { cursor: pointer; color: #5f5a78; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #faf9fe; border-radius: 8px; padding: 12px; margin: 8px 0 0; }
`;
