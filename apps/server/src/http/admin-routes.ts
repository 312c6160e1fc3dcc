import {
  adjustCreditsEndpoint,
  attributionFunnelEndpoint,
  commonErrorCodes,
  confirmSafetyHoldEndpoint,
  listSafetyAuditEndpoint,
  listSafetyHoldsEndpoint,
  releaseSafetyHoldEndpoint,
  safetyErrorCodes,
  setFamilySuspendedEndpoint,
  setUserDisabledEndpoint,
  viewSafetyHoldEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type PgBoss from "pg-boss";
import type { Database } from "../db/client";
import { sendJob } from "../jobs/job-definition";
import { AppError } from "../lib/app-error";
import { attributionFunnel } from "../modules/analytics/attribution-funnel";
import { adjustCredits } from "../modules/credits/adjust-credits";
import { setFamilySuspended } from "../modules/safety/family-suspension";
import {
  confirmSafetyHold,
  listSafetyAudit,
  listSafetyHolds,
  readHeldPicture,
  releaseSafetyHold,
} from "../modules/safety/review-holds";
import { deliverReleasedJob } from "../modules/safety/safety-job-specs";
import { setUserDisabled } from "../modules/users/set-user-disabled";
import type { Storage } from "../providers/storage/storage";
import { bearsSecret } from "./bearer-secret";
import { registerEndpoint } from "./endpoint-route";

/**
 * What `npm run admin` does, for operations tooling that cannot reach the database (and for a
 * running embedded-database server, whose folder the CLI may not open).
 */
export function adminRoutes(deps: {
  db: Database;
  storage: Storage;
  boss: PgBoss;
  wakeWorker?: ((queueName: string) => void) | undefined;
  adminToken: string;
  /** Decrypts a held item's kept picture (decision 0038). */
  secret: string;
}) {
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

    // Child safety (decision 0038): review what the screen held, with every decision audited.
    registerEndpoint(app, listSafetyHoldsEndpoint, async (request) => ({
      holds: await listSafetyHolds(deps.db, request.body ?? {}),
    }));

    registerEndpoint(app, releaseSafetyHoldEndpoint, async (request) => {
      const hold = await releaseSafetyHold(deps.db, request.body);
      // Delivered by the worker now rather than at its next minute.
      await sendJob(deps.boss, deliverReleasedJob, {});
      deps.wakeWorker?.(deliverReleasedJob.name);
      return { hold };
    });

    registerEndpoint(app, confirmSafetyHoldEndpoint, async (request) =>
      confirmSafetyHold(deps, request.body),
    );

    registerEndpoint(app, viewSafetyHoldEndpoint, async (request) => ({
      holdId: request.body.holdId,
      pictureBase64: (await readHeldPicture(deps, request.body)).toString("base64"),
    }));

    registerEndpoint(app, setFamilySuspendedEndpoint, async (request) => {
      if (!(await setFamilySuspended(deps.db, request.body))) {
        throw new AppError(404, safetyErrorCodes.familyNotFound, `No family ${request.body.familyId}.`);
      }
      return { familyId: request.body.familyId, suspended: request.body.suspended };
    });

    registerEndpoint(app, listSafetyAuditEndpoint, async (request) => ({
      entries: await listSafetyAudit(deps.db, request.body ?? {}),
    }));

    registerEndpoint(app, attributionFunnelEndpoint, async (request) => {
      const since = request.body?.since;
      return { rows: await attributionFunnel(deps.db, since ? { since: new Date(since) } : {}) };
    });
  };
}
