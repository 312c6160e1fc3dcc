/**
 * The paths of the endpoints a public page calls before it has loaded zod (decision 0036): the
 * deployment's settings and the visit of an anonymous visitor. Their endpoints in the main entry are
 * declared with these very paths, and the server validates both ends against those endpoints' schemas.
 */
export const publicApiPaths = {
  config: "/api/config",
  recordVisit: "/api/analytics/visit",
} as const;

/**
 * The id of the element in which the server embeds `/api/config`'s answer into the page it serves,
 * so the first paint needs no request for it (decision 0036).
 */
export const PUBLIC_CONFIG_ELEMENT_ID = "wonderkin-public-config";

/**
 * The element holding the server-rendered copy of a public page (decision 0037), and the pages that
 * get one: those a signed-out visitor opens first, the same for every visitor.
 */
export const PRERENDERED_PAGE_ELEMENT_ID = "wonderkin-prerendered-page";
export const prerenderedPagePaths = ["/sign-in", "/sign-up", "/privacy-policy"] as const;
