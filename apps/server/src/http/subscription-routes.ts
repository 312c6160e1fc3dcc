import {
  activeSubscriptionEndpoint,
  addOnsEndpoint,
  billingErrorCodes,
  billingHistoryEndpoint,
  billingMessages,
  cancelCheckoutEndpoint,
  cancelSubscriptionEndpoint,
  completeCheckoutEndpoint,
  createCheckoutSessionEndpoint,
  editBillingDetailsEndpoint,
  getCheckoutEndpoint,
  markDiscountEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { readAddOnsState } from "../modules/add-ons/add-ons-state";
import type { Auth } from "../modules/auth/better-auth/create-auth";
import type { BillingDeps } from "../modules/billing/billing-deps";
import { readBillingDetails, saveBillingDetails } from "../modules/billing/billing-details";
import { billingHistory } from "../modules/billing/billing-history";
import {
  cancelCheckout,
  createCheckout,
  findOwnCheckout,
  toCheckoutSession,
} from "../modules/billing/checkout";
import { completeCheckout } from "../modules/billing/complete-checkout";
import { cancelSubscription, markDiscount } from "../modules/billing/manage-subscription";
import { findCurrentSubscription, toSubscription } from "../modules/subscriptions/subscription-record";
import { requireVerifiedIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";

/** Spec §7 /subscription/*: buying plans and top-ups, the current plan, cancelling. Per parent, not per family. */
export function subscriptionRoutes(deps: BillingDeps & { auth: Auth }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;

    registerEndpoint(app, createCheckoutSessionEndpoint, async (request) => {
      const { userId, email } = await requireVerifiedIdentity(deps, request);
      return createCheckout(deps, { userId, email, item: request.body });
    });

    registerEndpoint(app, getCheckoutEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return toCheckoutSession(await findOwnCheckout(db, { userId, sessionId: request.body.sessionId }));
    });

    // The local checkout's Pay button. (A Stripe checkout is completed by its webhook.)
    registerEndpoint(app, completeCheckoutEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      const session = await findOwnCheckout(db, { userId, sessionId: request.body.sessionId });
      // Local: this is the Pay button. Stripe: the return page confirms with Stripe (the webhook
      // does the same; whichever comes first completes it, the other changes nothing).
      const facts = await deps.payments.confirmCheckout({
        id: session.id,
        providerSessionId: session.providerSessionId,
      });
      if (!facts) throw new AppError(409, billingErrorCodes.checkoutNotPaid, billingMessages.checkoutNotPaid);
      return completeCheckout(deps, session, facts);
    });

    registerEndpoint(app, cancelCheckoutEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return cancelCheckout(db, { userId, sessionId: request.body.sessionId });
    });

    registerEndpoint(app, activeSubscriptionEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      const current = await findCurrentSubscription(db, { userId });
      return current ? toSubscription(current) : null;
    });

    registerEndpoint(app, cancelSubscriptionEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return cancelSubscription(deps, { userId });
    });

    registerEndpoint(app, markDiscountEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return markDiscount(deps, { userId, action: request.body.action });
    });

    registerEndpoint(app, addOnsEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return readAddOnsState(db, { userId });
    });

    registerEndpoint(app, billingHistoryEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      return { entries: await billingHistory(deps, { userId }) };
    });

    registerEndpoint(app, editBillingDetailsEndpoint, async (request) => {
      const { userId } = await requireVerifiedIdentity(deps, request);
      const details = request.body?.details;
      if (!details) return readBillingDetails(db, { userId });
      const saved = await saveBillingDetails(db, { userId, details });
      const current = await findCurrentSubscription(db, { userId });
      await deps.payments.updateCustomer(current?.providerCustomerId ?? null, saved);
      return saved;
    });
  };
}
