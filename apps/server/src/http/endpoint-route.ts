import type { Endpoint } from "@wonderkin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { compileSerializer } from "./compiled-serializer";

type Handler<E extends Endpoint> = (
  request: FastifyRequest & { body: z.output<E["request"]> },
  reply: FastifyReply,
) => Promise<z.input<E["response"]>>;

/**
 * Registers a contract endpoint: the request body is validated and the response serialised with
 * the very schemas the web app uses, so neither side can drift from the contract. An endpoint the
 * contract declares family-scoped is refused here: it must go through registerFamilyEndpoint,
 * which enforces the declared permission.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E & { family?: undefined },
  handler: Handler<E>,
): void {
  if (endpoint.family) {
    throw new Error(
      `${endpoint.path} is family-scoped in the contract: register it with registerFamilyEndpoint`,
    );
  }
  routeEndpoint(app, endpoint, handler);
}

/**
 * Fastify hands the body validator null for a POST with no body at all (no content-type, no
 * bytes), and for a JSON `null`. The contract calls both "no body" (undefined): the calls spec §7
 * lists with body "none" (getUser, getUserCredits, …) declare an optional request and so accept
 * them, while every endpoint that needs a body still refuses them.
 */
function noBodyAsUndefined(request: z.ZodType): z.ZodType {
  return z.preprocess((body) => (body === null ? undefined : body), request);
}

export type EndpointRouteOptions = {
  /**
   * Writes the answer with a serialiser compiled from its schema rather than zod's encode: for
   * the lists of many rows a page polls (a gallery page), where zod's walk was a measured share
   * of the time (decision 0065).
   */
  compiledSerializer?: boolean;
};

/** The route itself, without the family check (family-context.ts wraps it with one). */
export function routeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: EndpointRouteOptions = {},
): void {
  const serialize = options.compiledSerializer ? compileSerializer(endpoint.response) : null;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.method === "POST" ? { body: noBodyAsUndefined(endpoint.request) } : {}),
      response: { 200: endpoint.response },
    },
    ...(serialize ? { serializerCompiler: () => serialize } : {}),
    handler: (request, reply) => handler(request as FastifyRequest & { body: z.output<E["request"]> }, reply),
  });
}
