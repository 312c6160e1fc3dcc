import type { Endpoint } from "@wonderkin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";

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

/** The route itself, without the family check (family-context.ts wraps it with one). */
export function routeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.method === "POST" ? { body: endpoint.request } : {}),
      response: { 200: endpoint.response },
    },
    // A POST without a body arrives as null; the contract calls that "no body" (undefined).
    preValidation: async (request) => {
      if (request.body === null) request.body = undefined;
    },
    handler: (request, reply) => handler(request as FastifyRequest & { body: z.output<E["request"]> }, reply),
  });
}
