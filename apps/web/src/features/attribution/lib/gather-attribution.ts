import type { Attribution } from "@wonderkin/contract/rules";
import { readCookie } from "./cookies";

export const utmKeys = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** The contract's limit for each value: longer ones are cut rather than losing the whole call. */
const MAX_LENGTH = 500;

function clip(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_LENGTH) : undefined;
}

/**
 * Campaign parameters travel together: when the address carries any of them, they describe this
 * visit and replace the stored ones as a set (mixing two campaigns' fields would describe neither).
 */
function gatherUtm(params: URLSearchParams, stored: Attribution | null) {
  const fromAddress = utmKeys.some((key) => clip(params.get(key)));
  return Object.fromEntries(
    utmKeys.map((key) => [key, fromAddress ? clip(params.get(key)) : stored?.[key]]),
  ) as Pick<Attribution, (typeof utmKeys)[number]>;
}

/**
 * The Meta click id: the `_fbc` cookie when the pixel wrote one; otherwise built from `fbclid` in the
 * address in Meta's documented format `fb.1.{creation time in ms}.{fbclid}`, keeping the stored one
 * when it is for the same click (its creation time is when the click was first seen, and a rebuilt
 * copy would look like new data on every reload of that address).
 */
function gatherFbc(
  fbclid: string | undefined,
  cookie: string | undefined,
  stored: string | undefined,
  now: number,
) {
  if (cookie) return cookie;
  if (!fbclid) return stored;
  if (stored?.endsWith(`.${fbclid}`)) return stored;
  return clip(`fb.1.${now}.${fbclid}`);
}

/** The referrer only when it is another site: moving around this app is not a source. */
function externalReferrer(referrer: string, origin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    return new URL(referrer).origin === origin ? undefined : clip(referrer);
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: the attribution of this run, from the page address, the ad-click cookies and the referrer,
 * each falling back to what was stored before. The analytics client id is the stored one; the caller
 * looks the current one up (it may appear a moment later).
 */
export function gatherAttribution(options: {
  /** The address the page was loaded with (the app moves on from it at once). */
  url: string;
  /** `document.cookie`. */
  cookies: string;
  referrer: string;
  now: number;
  stored: Attribution | null;
}): Attribution {
  const { cookies, stored } = options;
  const url = new URL(options.url);
  return {
    ...gatherUtm(url.searchParams, stored),
    fbp: clip(readCookie(cookies, "_fbp")) ?? stored?.fbp,
    fbc: gatherFbc(
      clip(url.searchParams.get("fbclid")),
      clip(readCookie(cookies, "_fbc")),
      stored?.fbc,
      options.now,
    ),
    ga_client_id: stored?.ga_client_id,
    referrer: externalReferrer(options.referrer, url.origin) ?? stored?.referrer,
  };
}

/** The landing page as recorded for a visit: the path and query, less one-time tokens and addresses. */
export function landingPageOf(address: string): string {
  const url = new URL(address);
  for (const secret of ["token", "email"]) url.searchParams.delete(secret);
  return `${url.pathname}${url.search}`.slice(0, 2000);
}
