/**
 * The web build's server-side entry (`vite build --ssr`), imported by the server to paint pages
 * before their scripts arrive: the public pages' shared copies (decision 0037) and a signed-in
 * parent's magic studio (decision 0066).
 */
export { renderPublicPage } from "./render-public-page";
export { renderSignedInPage } from "./render-studio-page";
