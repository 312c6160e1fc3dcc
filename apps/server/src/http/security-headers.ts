import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * A strict Content-Security-Policy: only our own origin runs scripts, loads styles, fonts and data.
 * Images also allow data: and blob: for the local previews of photos picked for upload. Only the
 * HTML document gets a nonce (see `allowStyleNonce`): API responses need none, and making one per
 * request would cost every API call.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean /** Extra origins images load from (the S3 bucket of presigned addresses). */;
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
        mediaSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation headers would block the OAuth popups and provider images later on.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
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
