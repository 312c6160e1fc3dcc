import type { SocialProvider } from "@wonderkin/contract";

/** Where a Google or Facebook sign-in comes back to: /finalize-social with what it needs to finish. */
export function finalizeSocialUrl({
  provider,
  returnUrl,
  isNewUser = false,
}: {
  provider: SocialProvider;
  returnUrl?: string | null | undefined;
  isNewUser?: boolean;
}): string {
  const query = new URLSearchParams({ provider });
  if (isNewUser) query.set("new", "1");
  if (returnUrl) query.set("returnUrl", returnUrl);
  return `/finalize-social?${query}`;
}
