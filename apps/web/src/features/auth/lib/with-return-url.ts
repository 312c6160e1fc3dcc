/** A link between the sign-in pages that keeps where the visitor was going. */
export function withReturnUrl(path: string, returnUrl: string | null | undefined): string {
  return returnUrl ? `${path}?${new URLSearchParams({ returnUrl })}` : path;
}
