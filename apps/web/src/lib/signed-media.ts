/**
 * Media addresses are signed and short-lived (the server's MEDIA_URL_TTL_SECONDS, 15 minutes by
 * default): queries that hold them read them again shortly before the first one runs out, so an
 * open page never shows a broken picture. Local addresses carry `expires` (seconds); presigned S3
 * addresses carry `X-Amz-Date` and `X-Amz-Expires`.
 */

/** Read again this long before the earliest address expires. */
const MARGIN_MS = 60_000;
/** Never poll faster than this, whatever the addresses say. */
const MIN_INTERVAL_MS = 30_000;

/** When a signed address stops working (ms since the epoch), or null if it carries no expiry. */
export function signedUrlExpiry(address: string): number | null {
  let url: URL;
  try {
    url = new URL(address, "http://relative.invalid");
  } catch {
    return null;
  }
  const expires = Number(url.searchParams.get("expires"));
  if (Number.isFinite(expires) && expires > 0) return expires * 1000;
  const amzDate = url.searchParams.get("X-Amz-Date");
  const amzExpires = Number(url.searchParams.get("X-Amz-Expires"));
  const match = amzDate?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!match || !Number.isFinite(amzExpires)) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second) + amzExpires * 1000;
}

function collectExpiries(value: unknown, into: number[], depth = 0): void {
  if (depth > 8) return;
  if (typeof value === "string") {
    if (value.includes("expires=") || value.includes("X-Amz-Expires=")) {
      const expiry = signedUrlExpiry(value);
      if (expiry !== null) into.push(expiry);
    }
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const item of Object.values(value)) collectExpiries(item, into, depth + 1);
}

/**
 * A TanStack Query `refetchInterval` for data holding signed addresses: just before the earliest
 * expires, or false when there are none.
 */
export function refetchBeforeMediaExpires(data: unknown, now = Date.now()): number | false {
  const expiries: number[] = [];
  collectExpiries(data, expiries);
  if (expiries.length === 0) return false;
  return Math.max(MIN_INTERVAL_MS, Math.min(...expiries) - MARGIN_MS - now);
}
