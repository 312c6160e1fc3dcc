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
