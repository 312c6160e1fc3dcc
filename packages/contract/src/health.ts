import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  detail: z.string().optional(),
});

/**
 * `busy` (503, like `not_ready`): the instance works but is shedding requests (SERVER_BUSY), so a load
 * balancer should send traffic elsewhere for a while; `checks.capacity` says the same (decision 0040).
 */
export const readyResponseSchema = z.object({
  status: z.enum(["ready", "not_ready", "busy"]),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    queue: readinessCheckSchema,
    capacity: readinessCheckSchema,
  }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

export const healthEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/health",
  request: z.undefined(),
  response: healthResponseSchema,
});

export const readyEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/ready",
  request: z.undefined(),
  response: readyResponseSchema,
});
