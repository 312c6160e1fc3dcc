import {
  adjustCreditsEndpoint,
  attributionFunnelEndpoint,
  commonErrorCodes,
  setUserDisabledEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";
import { attributionFunnel } from "../modules/analytics/attribution-funnel";
import { adjustCredits } from "../modules/credits/adjust-credits";
import { setUserDisabled } from "../modules/users/set-user-disabled";
import { bearsSecret } from "./bearer-secret";
import { registerEndpoint } from "./endpoint-route";

/**
 * What `npm run admin` does, for operations tooling that cannot reach the database (and for a
 * running embedded-database server, whose folder the CLI may not open).
 */
export function adminRoutes(deps: { db: Database; adminToken: string }) {
  return async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request) => {
      if (!bearsSecret(request, deps.adminToken)) {
        throw new AppError(401, commonErrorCodes.unauthenticated, "A valid admin token is required.");
      }
    });

    registerEndpoint(app, setUserDisabledEndpoint, async (request) => {
      const result = await setUserDisabled(deps.db, request.body);
      if (!result.found)
        throw new AppError(404, "USER_NOT_FOUND", `No account with the e-mail ${request.body.email}.`);
      return {
        email: request.body.email,
        disabled: request.body.disabled,
        sessionsEnded: result.sessionsEnded,
      };
    });

    registerEndpoint(app, adjustCreditsEndpoint, async (request) => {
      const result = await adjustCredits(deps.db, request.body);
      if (!result)
        throw new AppError(404, "USER_NOT_FOUND", `No account with the e-mail ${request.body.email}.`);
      return { email: request.body.email, totalCredits: result.totalCredits };
    });

    registerEndpoint(app, attributionFunnelEndpoint, async (request) => {
      const since = request.body?.since;
      return { rows: await attributionFunnel(deps.db, since ? { since: new Date(since) } : {}) };
    });
  };
}
