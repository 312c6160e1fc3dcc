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

export const readyResponseSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    queue: readinessCheckSchema,
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
