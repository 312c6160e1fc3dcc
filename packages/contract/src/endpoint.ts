import type { z } from "zod";
import { findUnsafeText } from "./text";

/**
 * One API endpoint: method, path, and the zod schemas of what goes in and comes out. The server
 * registers its route from it and the web app's typed client calls it, so both sides share one
 * definition and neither hand-writes the other's types.
 */
export type Endpoint<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> = {
  method: "GET" | "POST";
  path: `/api/${string}`;
  request: Request;
  response: Response;
};

/**
 * Every endpoint's request also refuses NUL characters and broken Unicode in any string, here
 * once for all, so no field can carry them to the database (where they would fail, not validate).
 */
export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Request, Response>,
): Endpoint<Request, Response> {
  const request = endpoint.request.superRefine((value, ctx) => {
    const unsafe = findUnsafeText(value);
    if (unsafe) ctx.addIssue({ code: "custom", path: unsafe.path, message: unsafe.message });
  });
  return { ...endpoint, request };
}

export type EndpointRequest<E extends Endpoint> = z.input<E["request"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;
