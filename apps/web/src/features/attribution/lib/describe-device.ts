export type DeviceType = "mobile" | "tablet" | "desktop";

/** Mobile, tablet or desktop, from the user agent (as analytics tools classify them). */
export function deviceTypeOf(userAgent: string): DeviceType {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return "tablet";
  // Android tablets leave "Mobile" out of their user agent; phones include it.
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The operating system's name, or "Other". Order matters: iOS and Android agents mention others. */
export function operatingSystemOf(userAgent: string): string {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return "iOS";
  if (/Android/i.test(userAgent)) return "Android";
  if (/CrOS/i.test(userAgent)) return "ChromeOS";
  if (/Windows/i.test(userAgent)) return "Windows";
  if (/Mac OS X|Macintosh/i.test(userAgent)) return "macOS";
  if (/Linux/i.test(userAgent)) return "Linux";
  return "Other";
}
