import { randomBytes } from "node:crypto";
import { billingErrorCodes, billingMessages, findPlanVariant } from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { checkoutSession, payment, subscription } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PaymentFacts } from "../../providers/payments/payments";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { changeCredits } from "../credits/change-credits";
import { addMonths, periodEnd } from "./billing-period";
import type { CheckoutRow } from "./checkout";

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

/** Where the parent lands after paying (the guard lets `success` through while data refreshes). */
export const afterCheckout = (kind: string) =>
  kind === "top-up" ? "/kids/top-up-credit-plans?success=true" : "/kids/add-children?success=true";

/**
 * The one path a paid checkout takes, whoever reports it (the local checkout page, Stripe's webhook
 * or its confirmation): record the payment, start the plan (ending a previous one) and grant its
 * first images, or add the top-up's credits. Every step is keyed to the checkout, so running it
 * again — a repeated webhook, a double click — changes nothing.
 */
export async function completeCheckout(
  db: Database,
  session: CheckoutRow,
  facts: PaymentFacts,
): Promise<{ redirectTo: string; totalCredits: number }> {
  if (session.status === "cancelled") {
    throw new AppError(409, billingErrorCodes.checkoutClosed, billingMessages.checkoutClosed);
  }
  const paidAt = facts.paidAt ?? new Date();
  await db
    .insert(payment)
    .values({
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
    })
    .onConflictDoNothing({ target: payment.providerPaymentId });

  let totalCredits: number;
  if (session.kind === "plan") {
    totalCredits = await startPlan(db, session, facts, paidAt);
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
        amountCents: session.amountCents,
        currency: session.currency,
      },
    });
  }
  return { redirectTo: afterCheckout(session.kind), totalCredits };
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
