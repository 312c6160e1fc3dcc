import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";

/** Operations endpoints, present only when ADMIN_API_TOKEN is configured (bearer auth with it). */
export const setUserDisabledEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/set-disabled",
  request: z.object({ email: emailSchema, disabled: z.boolean() }),
  response: z.object({ email: z.string(), disabled: z.boolean(), sessionsEnded: z.number().int() }),
});

/** A support adjustment of a parent's credits (a goodwill gift, a correction); recorded in the ledger. */
export const adjustCreditsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/admin/credits/adjust",
  request: z.object({
    email: emailSchema,
    delta: z
      .number()
      .int()
      .min(-100_000)
      .max(100_000)
      .refine((value) => value !== 0, "Give a non-zero amount."),
    note: z.string().trim().min(1).max(200),
  }),
  response: z.object({ email: z.string(), totalCredits: z.number().int() }),
});
