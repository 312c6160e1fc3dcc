import { z } from "zod";

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
