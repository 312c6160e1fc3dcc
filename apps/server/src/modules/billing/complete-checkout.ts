import { randomBytes } from "node:crypto";
import { billingErrorCodes, billingMessages, findAddOn, findPlanVariant } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { checkoutSession, subscription } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PaymentFacts } from "../../providers/payments/payments";
import { changeAddOnUnits } from "../add-ons/change-add-on-units";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { changeCredits, readCredits } from "../credits/change-credits";
import type { BillingMailDeps } from "./billing-deps";
import { addMonths, periodEnd } from "./billing-period";
import type { CheckoutRow } from "./checkout";
import { recordPayment } from "./record-payment";
import { planReceiptLines, sendPaymentReceipt } from "./send-payment-receipt";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** Where the parent lands after paying (the guard lets `success` through while data refreshes). */
export const afterCheckout = (kind: string) =>
  kind === "top-up"
    ? "/kids/top-up-credit-plans?success=true"
    : kind === "add-on"
      ? "/account/subscription/manage?addOn=success"
      : "/kids/add-children?success=true";

/** The page a paid add-on goes back to (its portrait, decision 0056), marked as just bought. */
export const returnAfterAddOn = (returnPath: string) =>
  `${returnPath}${returnPath.includes("?") ? "&" : "?"}addOn=success`;

/**
 * The one path a paid checkout takes, whoever reports it (the local checkout page, Stripe's webhook
 * or its confirmation): record the payment, start the plan (ending a previous one) and grant its
 * first images, add the top-up's credits or the add-on's clips or print files (decision 0033), then
 * e-mail the receipt. Every step is keyed to the
 * checkout, so running it again — a repeated webhook, a double click — changes nothing.
 */
export async function completeCheckout(
  deps: BillingMailDeps,
  session: CheckoutRow,
  facts: PaymentFacts,
): Promise<{ redirectTo: string; totalCredits: number }> {
  const { db } = deps;
  if (session.status === "cancelled") {
    throw new AppError(409, billingErrorCodes.checkoutClosed, billingMessages.checkoutClosed);
  }
  const paidAt = facts.paidAt ?? new Date();
  // The payment and its invoice, in one transaction (decision 0053).
  const recorded = await recordPayment(db, {
    payment: {
      id: newId("pay"),
      userId: session.userId,
      checkoutSessionId: session.id,
      description: session.description,
      amountCents: session.amountCents,
      currency: session.currency,
      provider: session.provider,
      providerPaymentId: facts.providerPaymentId,
      receiptUrl: facts.receiptUrl ?? null,
      paidAt,
    },
    invoicing: deps.invoicing,
    providerInvoice: facts.providerInvoice ?? null,
  });

  let totalCredits: number;
  if (session.kind === "plan") {
    totalCredits = await startPlan(db, session, facts, paidAt);
  } else if (session.kind === "add-on") {
    await grantAddOn(db, session);
    totalCredits = await readCredits(db, { userId: session.userId });
  } else {
    ({ balance: totalCredits } = await changeCredits(db, {
      userId: session.userId,
      delta: session.credits,
      kind: "top-up",
      reference: `top-up:${session.id}`,
      note: session.description,
    }));
  }
  const [closed] = await db
    .update(checkoutSession)
    .set({ status: "completed", completedAt: paidAt })
    .where(and(eq(checkoutSession.id, session.id), eq(checkoutSession.status, "open")))
    .returning({ id: checkoutSession.id });
  // Once per checkout: only the run that closed it records the purchase.
  if (closed) {
    await recordAnalyticsEvent(db, {
      userId: session.userId,
      name: "purchase",
      properties: {
        kind: session.kind,
        planId: session.planId,
        ...(session.addOnId ? { addOnId: session.addOnId } : {}),
        amountCents: session.amountCents,
        currency: session.currency,
      },
    });
  }
  // Last, once the order is whole: only the run that recorded the payment sends its receipt.
  if (recorded) {
    const lines =
      session.kind === "plan" && session.planId !== null
        ? planReceiptLines(session.planId, "purchase")
        : session.kind === "add-on"
          ? addOnReceiptLines(session)
          : { credits: session.credits };
    await sendPaymentReceipt(deps, { paymentId: recorded.paymentId, ...lines });
  }
  const redirectTo = session.returnPath ? returnAfterAddOn(session.returnPath) : afterCheckout(session.kind);
  return { redirectTo, totalCredits };
}

async function startPlan(db: Database, session: CheckoutRow, facts: PaymentFacts, paidAt: Date) {
  const found = session.planId === null ? null : findPlanVariant(session.planId);
  if (!found) throw new Error(`Checkout ${session.id} names no known plan`);
  const { variant } = found;
  const end = periodEnd(paidAt, variant.billingCycle);
  await db
    .insert(subscription)
    .values({
      id: newId("sub"),
      userId: session.userId,
      planId: variant.planId,
      billingCycle: variant.billingCycle,
      status: "active",
      provider: session.provider,
      checkoutSessionId: session.id,
      providerSubscriptionId: facts.providerSubscriptionId ?? null,
      providerCustomerId: facts.providerCustomerId ?? null,
      currentPeriodStart: paidAt,
      currentPeriodEnd: end,
      // Recurring plans grant monthly: the next grant a month on (yearly plans through the year).
      nextGrantAt: end ? addMonths(paidAt, 1) : null,
      grantsMade: 1,
    })
    .onConflictDoNothing({ target: subscription.checkoutSessionId });
  const [started] = await db
    .select()
    .from(subscription)
    .where(eq(subscription.checkoutSessionId, session.id));
  if (!started) throw new Error(`The subscription of checkout ${session.id} is missing`);
  // A plan change: the previous plan ends now (its credits stay, like every credit).
  await db
    .update(subscription)
    .set({ status: "ended", endedAt: paidAt, nextGrantAt: null })
    .where(
      and(
        eq(subscription.userId, session.userId),
        ne(subscription.id, started.id),
        ne(subscription.status, "ended"),
      ),
    );
  const { balance } = await changeCredits(db, {
    userId: session.userId,
    delta: variant.creditsPerGrant,
    kind: "plan-grant",
    reference: `plan-grant:${started.id}:0`,
    note: `${found.plan.name}: ${variant.creditsPerGrant} images`,
  });
  return balance;
}

/** The add-on's units, once per checkout (its reference), into the add-on ledger. */
async function grantAddOn(db: Database, session: CheckoutRow) {
  const found = session.addOnId ? findAddOn(session.addOnId) : null;
  if (!found) throw new Error(`Checkout ${session.id} names no known add-on`);
  const { addOn } = found;
  await changeAddOnUnits(db, {
    userId: session.userId,
    unit: addOn.unit,
    delta: addOn.units,
    kind: "purchase",
    reference: `add-on:${session.id}`,
    note: `${addOn.value}: ${addOn.grants}`,
  });
}

/** What an add-on adds, for its receipt: its clips or print files, which never expire, or room for a child. */
function addOnReceiptLines(session: CheckoutRow): { includes?: string } {
  const addOn = session.addOnId ? findAddOn(session.addOnId)?.addOn : null;
  if (addOn?.unit === "child") {
    return { includes: `${addOn.value} makes room for ${addOn.grants}, for as long as you're on Oracle.` };
  }
  return addOn ? { includes: `${addOn.value} adds ${addOn.grants} to your account. They never expire.` } : {};
}
