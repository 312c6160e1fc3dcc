import type { authClient } from "./auth-client";

export type AuthClient = typeof authClient;

let loading: Promise<AuthClient> | null = null;

/**
 * The Better Auth client (≈ 12 KB gzipped), loaded on first use rather than with the first page: the
 * sign-in and sign-up pages need it only once the parent acts, and start loading it as they type.
 * A failed load is forgotten, so the next call tries again.
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import("./auth-client").then(
    (module) => module.authClient,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
