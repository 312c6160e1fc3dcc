import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Whether the request carries `secret` as its bearer token (operations endpoints: admin, metrics).
 * Compared in constant time, so the answer's timing says nothing about how much of it matched.
 */
export function bearsSecret(request: FastifyRequest, secret: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
