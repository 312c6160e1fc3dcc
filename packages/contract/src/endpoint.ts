import type { z } from "zod";

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

export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Request, Response>,
): Endpoint<Request, Response> {
  return endpoint;
}

export type EndpointRequest<E extends Endpoint> = z.input<E["request"]>;
export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;
