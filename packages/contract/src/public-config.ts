import { z } from "zod";
import { socialProviderSchema } from "./auth";
import { defineEndpoint } from "./endpoint";

/** What the sign-in pages need to know about this deployment (no secrets). */
export const publicConfigEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/config",
  request: z.undefined(),
  response: z.object({
    appName: z.string(),
    /** The social sign-in providers that are configured; the pages offer only these. */
    socialProviders: z.array(socialProviderSchema),
  }),
});
