/** What sign-up (or a failed step elsewhere) hands to /sign-in through the router's state. */
export type SignInLocationState = { email?: string; notice?: string };

export function readSignInLocationState(state: unknown): SignInLocationState {
  if (typeof state !== "object" || state === null) return {};
  const { email, notice } = state as Record<string, unknown>;
  return {
    ...(typeof email === "string" ? { email } : {}),
    ...(typeof notice === "string" ? { notice } : {}),
  };
}
