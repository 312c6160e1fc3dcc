import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { isLoopbackHost } from "../config/env";
import type { TrustProxy } from "../config/trust-proxy-setting";

/**
 * TRUST_PROXY as Fastify's `trustProxy`, which then resolves `request.ip` (and the protocol and
 * host) from the forwarded headers: the rightmost address the trusted proxies did not add. A hop
 * count is passed as a function, because Fastify 5 reads a bare number as "trust nobody" (it cannot
 * check the nearest peer); the function trusts the socket's peer and the next `hops - 1` entries.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (setting === false) return false;
  if ("hops" in setting) {
    const { hops } = setting;
    return (_address: string, index: number) => index < hops;
  }
  return setting.addresses;
}

/**
 * This machine itself, judged by the connection alone: a forwarded header is the client's word, and
 * a proxy on this machine forwards everyone's requests, so a request a proxy forwarded for another
 * address is not local either.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (!peer || !isLoopbackHost(peer)) return false;
  const forwarded = request.headers["x-forwarded-for"];
  if (forwarded === undefined) return true;
  const chain = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded).split(",");
  return chain.every((address) => isLoopbackHost(address.trim()));
}
