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

/**
 * A data block listing the route's own chunks on a page that arrives with a copy (the studio,
 * decision 0066): the start script asks for them after the first paint, a few to a task (issue 32).
 */
export const ROUTE_MODULES_ELEMENT_ID = "wonderkin-route-modules";
export const prerenderedPagePaths = ["/sign-in", "/sign-up", "/privacy-policy"] as const;

/**
 * The cookie that marks a browser that has been signed in to an account (decision 0054): "1", no
 * personal data. The app sends a signed-out visitor to sign-in rather than sign-up with it; the
 * server reads it only to choose which copy it paints at `/` (decision 0063).
 */
export const SIGNED_IN_BEFORE_COOKIE = "wk_signed_in_before";

/**
 * What `/` shows a browser that has never been signed in here: the app hands it on to sign-up, so
 * the server paints sign-up's copy at `/` at once (decision 0063). A browser with the mark may hold
 * a session the server cannot see (a bearer token in the page's storage): it gets no copy.
 */
export const homeCopyForNewVisitors = "/sign-up" satisfies (typeof prerenderedPagePaths)[number];
