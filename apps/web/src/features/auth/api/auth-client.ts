import { createAuthClient } from "better-auth/react";

/** Where the session's bearer token is kept; sign-out clears local storage as a whole (spec §4). */
export const sessionTokenKey = "wonderkin.session-token";

export function readSessionToken(): string | null {
  try {
    return localStorage.getItem(sessionTokenKey);
  } catch {
    return null;
  }
}

/**
 * The Better Auth client. Every call sends the stored bearer token (spec §6), and any response that
 * issues a new token (`set-auth-token`, from the bearer plugin) replaces the stored one.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  fetchOptions: {
    auth: { type: "Bearer", token: () => readSessionToken() ?? "" },
    onSuccess: (context) => {
      const token = context.response.headers.get("set-auth-token");
      if (token) localStorage.setItem(sessionTokenKey, token);
    },
  },
});
