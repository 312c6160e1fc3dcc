import helmet from "@fastify/helmet";
import { SOCIAL_SIGN_IN_POPUP_PATH } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { BETTER_AUTH_ROUTE } from "./same-origin";

/**
 * Google and Facebook sign-in open a popup on a desktop (spec §7) that visits the provider and comes
 * back through Better Auth's callback to SOCIAL_SIGN_IN_POPUP_PATH, which tells the opener. Every page
 * says "same-origin-allow-popups": no other site's window keeps a handle on ours, but the popups we
 * open keep theirs to us. The popup's own way back (Better Auth's responses, the page it lands on)
 * must ask for no isolation, or the browser would cut the popup from its opener on arrival.
 */
export function openerPolicyFor(pathname: string): "same-origin-allow-popups" | "unsafe-none" {
  const betterAuthPrefix = BETTER_AUTH_ROUTE.slice(0, -1);
  return pathname.startsWith(betterAuthPrefix) || pathname.replace(/\/+$/, "") === SOCIAL_SIGN_IN_POPUP_PATH
    ? "unsafe-none"
    : "same-origin-allow-popups";
}

/**
 * A strict Content-Security-Policy: only our own origin runs scripts, loads styles, fonts and data.
 * Images also allow data: and blob: for the local previews of photos picked for upload. Only the
 * HTML document gets a nonce (see `allowStyleNonce`): API responses need none, and making one per
 * request would cost every API call.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean /** Extra origins images and videos load from (the S3 bucket of presigned addresses). */;
    mediaOrigins?: string[];
  },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", ...(options.mediaOrigins ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The clips of portraits (<video>) come from the same bucket as their pictures.
        mediaSrc: ["'self'", "blob:", ...(options.mediaOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation headers would block the OAuth popups and provider images.
    crossOriginEmbedderPolicy: false,
    // Set per response below (openerPolicyFor).
    crossOriginOpenerPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("cross-origin-opener-policy", openerPolicyFor(request.url.split("?")[0] ?? "/"));
  });
}

/**
 * The page's CSP with one extra allowance: <style> elements carrying this response's nonce. The
 * page hands the nonce to the one library that must inject styles at run time (Radix's scroll
 * lock, through get-nonce).
 */
export function allowStyleNonce(csp: string, nonce: string): string {
  return csp.replace(/(^|;)\s*style-src ([^;]*)/, (_match, start: string, sources: string) => {
    return `${start}style-src ${sources} 'nonce-${nonce}'`;
  });
}

/**
 * The page's CSP allowing these exact inline `style` attributes (by hash) and no other: the ones in
 * the server-rendered copy of a public page (decision 0037). The app sets the same styles through
 * the DOM, which the policy allows anyway.
 */
export function allowStyleAttributeHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  return `${csp};style-src-attr 'unsafe-hashes' ${hashes.join(" ")}`;
}
