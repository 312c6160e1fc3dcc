import { safeReturnUrl } from "@/lib/safe-return-url";

export type CheckoutDestination = { kind: "in-app"; path: string } | { kind: "provider"; href: string };

/**
 * Where a new checkout sends the browser: the built-in checkout is a page of this app (a path), a
 * payment provider's is a page of its own (an absolute web address). Anything else is refused.
 */
export function checkoutDestination(url: string): CheckoutDestination | null {
  const path = safeReturnUrl(url);
  if (path) return { kind: "in-app", path };
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.protocol === "http:") {
      return { kind: "provider", href: parsed.href };
    }
  } catch {
    // Not an address at all.
  }
  return null;
}
