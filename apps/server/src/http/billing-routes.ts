import {
  PRICE_CURRENCY,
  plans,
  plansEndpoint,
  topUpCreditPlansEndpoint,
  topUpPacks,
  userCreditsEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { IdentityDeps } from "../modules/auth/identity-deps";
import { readCredits } from "../modules/credits/change-credits";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";

/** The plans and packs on offer, and the parent's own balance (spec §7 /subscription/*, /user/credits). */
export function billingRoutes(deps: IdentityDeps) {
  return async (app: FastifyInstance) => {
    registerEndpoint(app, plansEndpoint, async () => ({ currency: PRICE_CURRENCY, plans: [...plans] }));
    registerEndpoint(app, topUpCreditPlansEndpoint, async () => ({
      currency: PRICE_CURRENCY,
      packs: [...topUpPacks],
    }));
    // Read from the database, not the session: credits change with every generation.
    registerEndpoint(app, userCreditsEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return { totalCredits: await readCredits(deps.db, { userId }) };
    });
  };
}
