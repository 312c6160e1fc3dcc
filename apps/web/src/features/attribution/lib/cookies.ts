/** One cookie's value from a `document.cookie` string, or undefined when it is not set. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * The analytics client id inside a `_ga` cookie: `GA1.1.123.456` → `123.456` (version, domain depth,
 * then the two halves of the id).
 */
export function clientIdFromGaCookie(value: string | undefined): string | undefined {
  const match = value?.match(/^GA\d+\.\d+\.(\d+\.\d+)$/);
  return match?.[1];
}
