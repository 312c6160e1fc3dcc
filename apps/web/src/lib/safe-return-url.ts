/**
 * A returnUrl is honoured only when it stays on this origin: a path starting with a single slash,
 * without a scheme, host or backslash trickery. Anything else is ignored.
 */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || /[\\\s\p{Cc}]/u.test(value)) return null;
  try {
    const base = "http://wonderkin.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
