/**
 * The Better Auth endpoints reachable over HTTP (decision 0039). Better Auth mounts ~55 endpoints
 * under /api/auth; the product uses a few of them from the browser and drives the rest itself
 * (`auth.api.*` in modules/), behind its own checks, e-mails and file clean-up. Every other path
 * under /api/auth answers 404: an open endpoint beside ours is a second door to the same room
 * (`/organization/delete` dropped a family and left its photos on disk; `/update-user` took names
 * and images our own profile endpoint refuses).
 *
 * Paths are matched exactly, as the client sends them: a variant Better Auth's router might
 * normalise (a trailing slash, doubled slashes, another case, an encoded slash) is refused, so no
 * spelling reaches a closed endpoint. A parameter matches one plain segment.
 */
type AllowedAuthRoute = {
  method: "GET" | "POST";
  /** Better Auth's own path (as `auth.api.<name>.path`), below /api/auth. */
  path: string;
  /** Who calls it and why it cannot go through a product endpoint instead. */
  reason: string;
};

export const ALLOWED_AUTH_ROUTES: readonly AllowedAuthRoute[] = [
  {
    method: "GET",
    path: "/get-session",
    reason: "Every page load reads the signed-in parent (web: entities/session/get-session.ts).",
  },
  {
    method: "POST",
    path: "/sign-in/email",
    reason:
      "Password sign-in (sign-in and sign-up pages); throttled per account and client in create-auth.ts.",
  },
  {
    method: "POST",
    path: "/sign-in/social",
    reason: "Starts a Google or Facebook sign-in; only configured providers are accepted.",
  },
  {
    method: "GET",
    path: "/callback/:id",
    reason: "The provider sends the parent back here with the authorization code (spec §7).",
  },
  {
    method: "POST",
    path: "/callback/:id",
    reason: "The same callback for providers that answer with a form post (response_mode=form_post).",
  },
  {
    method: "POST",
    path: "/sign-in/magic-link",
    reason: "The e-mail sign-in link (sign-in page); the link itself is completed by /complete-email-link.",
  },
  {
    method: "POST",
    path: "/reset-password",
    reason: "The reset-password page sets the new password with the e-mailed token.",
  },
  {
    method: "POST",
    path: "/change-password",
    reason: "Settings → password; tells the parent by e-mail (create-auth.ts after-hook).",
  },
  {
    method: "GET",
    path: "/list-accounts",
    reason: "Settings and the social finalize page show which sign-in methods the account has.",
  },
  {
    method: "POST",
    path: "/sign-out",
    reason: "Ends the session on the server before the web app forgets its token (spec §4).",
  },
];

const SEGMENT = "[A-Za-z0-9_-]+";

const allowedPatterns = ALLOWED_AUTH_ROUTES.map((route) => ({
  method: route.method,
  pattern: new RegExp(`^${route.path.replace(/:[a-zA-Z]+/g, SEGMENT)}$`),
}));

/** Whether `method path` (the path below /api/auth, without its query) may reach Better Auth. */
export function isAllowedAuthRoute(method: string, path: string): boolean {
  return allowedPatterns.some((route) => route.method === method && route.pattern.test(path));
}
