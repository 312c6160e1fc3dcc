import { magicLinkClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { readSessionToken, storeSessionToken } from "./session-storage";

export { readSessionToken, sessionTokenKey } from "./session-storage";

/**
 * The Better Auth client, loaded only by what calls it (`loadAuthClient`, or a page's own import):
 * the session every page needs is read without it (get-session.ts). Every call sends the stored bearer token (spec §6), and any response that
 * issues a new token (`set-auth-token`, from the bearer plugin) replaces the stored one.
 *
 * Google and Facebook are configured on the server with Better Auth's genericOAuth plugin, which
 * (since 1.7) registers them as ordinary social providers: the client signs in with
 * `signIn.social`, so no client plugin is needed for them.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [magicLinkClient()],
  fetchOptions: {
    auth: { type: "Bearer", token: () => readSessionToken() ?? "" },
    onSuccess: (context) => {
      const token = context.response.headers.get("set-auth-token");
      if (token) storeSessionToken(token);
    },
  },
});
