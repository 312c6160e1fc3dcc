import {
  billingErrorCodes,
  billingMessages,
  RETENTION_DISCOUNT,
  type Subscription,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { subscription } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import {
  findCurrentSubscription,
  type SubscriptionRow,
  toSubscription,
} from "../subscriptions/subscription-record";
import type { BillingDeps } from "./billing-deps";
import { sendCancellationNotice } from "./send-cancellation-notice";

async function requireRenewing(db: Database, userId: string): Promise<SubscriptionRow> {
  const current = await findCurrentSubscription(db, { userId });
  if (!current || current.currentPeriodEnd === null) {
    throw new AppError(409, billingErrorCodes.noSubscription, billingMessages.noSubscription);
  }
  return current;
}

/**
 * Cancels at the end of the paid period: the status goes active → cancelled, the plan keeps
 * working (and a yearly plan keeps granting monthly) until then, and nothing renews. The parent
 * gets the confirmation from the request that made the change (cancelling twice sends one).
 */
export async function cancelSubscription(
  deps: BillingDeps,
  options: { userId: string },
): Promise<Subscription> {
  const { db } = deps;
  const current = await requireRenewing(db, options.userId);
  await deps.payments.cancelAtPeriodEnd(current.providerSubscriptionId);
  const changes = { status: "cancelled", cancelAtPeriodEnd: true };
  const [cancelled] = await db
    .update(subscription)
    .set({ ...changes, cancelledAt: new Date() })
    .where(and(eq(subscription.id, current.id), eq(subscription.status, "active")))
    .returning();
  if (cancelled) {
    await sendCancellationNotice(deps, cancelled);
    return toSubscription(cancelled);
  }
  // Already cancelled (a second click, or Stripe's event came first): keep its cancellation date.
  const [updated] = await db
    .update(subscription)
    .set(changes)
    .where(eq(subscription.id, current.id))
    .returning();
  return toSubscription(updated ?? current);
}

/**
 * The retention offer: `shown` records that it was offered; `accepted` records that it was taken,
 * keeps the plan (undoing a cancellation) and discounts the next renewals.
 */
export async function markDiscount(
  deps: BillingDeps,
  options: { userId: string; action: "shown" | "accepted" },
): Promise<Subscription> {
  const { db } = deps;
  const current = await requireRenewing(db, options.userId);
  if (options.action === "accepted" && !current.discountAcceptedAt) {
    await deps.payments.applyRetentionDiscount(current.providerSubscriptionId);
  }
  const now = new Date();
  const changes: Partial<SubscriptionRow> =
    options.action === "shown"
      ? { discountOfferedAt: current.discountOfferedAt ?? now }
      : {
          discountOfferedAt: current.discountOfferedAt ?? now,
          discountAcceptedAt: current.discountAcceptedAt ?? now,
          discountedRenewalsLeft: current.discountAcceptedAt
            ? current.discountedRenewalsLeft
            : RETENTION_DISCOUNT.renewals,
          status: "active",
          cancelAtPeriodEnd: false,
          cancelledAt: null,
        };
  const [updated] = await db
    .update(subscription)
    .set(changes)
    .where(eq(subscription.id, current.id))
    .returning();
  return toSubscription(updated ?? current);
}
