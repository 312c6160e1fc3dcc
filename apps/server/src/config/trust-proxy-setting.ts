import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which proxies in front of the server are believed about the client's address (`X-Forwarded-For`):
 * none, the nearest `hops` of them, or those at these addresses. Decision 0040.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for whole ranges, as Fastify's `trustProxy` takes them. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `false`/`0`/`no`: the socket's address is the client. A number: that many proxies (load balancer,
 * CDN) append to `X-Forwarded-For`, and the client is the address just before theirs. `true`/`yes`
 * means 1 hop, never "believe the whole header" (its leftmost entry is whatever the client wrote).
 * Otherwise a comma-separated list of the proxies' addresses or CIDR ranges (or `loopback`,
 * `linklocal`, `uniquelocal`): the client is the rightmost address not in it.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase();
    if (["", "false", "no", "0"].includes(lower)) return false;
    if (lower === "true" || lower === "yes") return { hops: 1 };
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= 10) return { hops };
      context.addIssue({ code: "custom", message: "a hop count is at most 10" });
      return z.NEVER;
    }
    const addresses = value.split(",").map((item) => item.trim());
    const wrong = addresses.filter((item) => !isAddressOrRange(item));
    if (wrong.length === 0) return { addresses };
    context.addIssue({
      code: "custom",
      message: `must be false, a hop count, or proxy addresses/CIDR ranges separated by commas (not ${wrong.map((item) => JSON.stringify(item)).join(", ")})`,
    });
    return z.NEVER;
  });
