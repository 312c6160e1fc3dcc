import type { FastifyRequest } from "fastify";
import { CLIENT_IP_HEADER } from "../modules/auth/better-auth/create-auth";

/** The request's headers as Fetch Headers, for Better Auth's server API; the client IP is ours. */
export function fetchHeadersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
