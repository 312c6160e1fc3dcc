import { findPlanVariant, PRICE_CURRENCY, RETENTION_DISCOUNT } from "@wonderkin/contract";
import { and, asc, eq, gt, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { subscription } from "../../db/schema";
import { type BatchOptions, walkInBatches } from "../../lib/walk-in-batches";
import { changeCredits } from "../credits/change-credits";
import type { SubscriptionRow } from "../subscriptions/subscription-record";
import { addMonths, periodEnd } from "./billing-period";
import type { InvoiceSettings } from "./invoice-settings";
import { recordPayment } from "./record-payment";

/**
 * The scheduled work of plans, run every few minutes by any worker (idempotent):
 * - a monthly grant that is due is made (yearly plans grant each month of their year);
 * - at the end of a paid period a cancelled plan ends and stops granting; a local plan renews (the
 *   local provider charges like a card on file would, at the retention discount while it lasts);
 *   a Stripe plan waits for Stripe's `invoice.paid`, which extends the period.
 * Due plans are read in batches by id (`options.batchSize`, 100 by default), never all at once.
 * `onRenewalPaid` hears of each local renewal payment as it is recorded (once: a rerun inserts
 * nothing), which is where the worker sends its receipt. Each renewal payment is recorded with its
 * invoice (`deps.invoicing`, decision 0053).
 */
export async function grantDueCredits(
  deps: { db: Database; invoicing: InvoiceSettings },
  now = new Date(),
  options: BatchOptions & { onRenewalPaid?: RenewalListener } = {},
): Promise<{ grants: number; ended: number }> {
  const { db } = deps;
  let grants = 0;
  let ended = 0;
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: string | undefined, limit) =>
      db
        .select()
        .from(subscription)
        .where(
          and(
            inArray(subscription.status, ["active", "cancelled"]),
            or(
              and(isNotNull(subscription.nextGrantAt), lte(subscription.nextGrantAt, now)),
              and(isNotNull(subscription.currentPeriodEnd), lte(subscription.currentPeriodEnd, now)),
            ),
            after === undefined ? undefined : gt(subscription.id, after),
          ),
        )
        .orderBy(asc(subscription.id))
        .limit(limit),
    keyOf: (row) => row.id,
    // Row by row: each grant is its own ledger transaction keyed by the grant's reference, so a crash
    // between a grant and the row's update repeats nothing on the next run.
    async handle(rows) {
      for (const row of rows) {
        const outcome = await advance(deps, row, now, options.onRenewalPaid);
        grants += outcome.grants;
        ended += outcome.ended ? 1 : 0;
      }
    },
  });
  return { grants, ended };
}

/** Told of a renewal payment the run recorded: its id and the plan it renewed. */
export type RenewalListener = (renewal: { paymentId: string; planId: number }) => Promise<void>;

/**
 * The first monthly grant after `grantAt`, counted from the period's start: a period begun on the
 * 29th grants on the 28th in February and on the 29th again in March (adding a month to the last
 * grant would stay on the 28th from then on).
 */
function nextMonthlyGrant(periodStart: Date, grantAt: Date): Date {
  let months = 1;
  while (addMonths(periodStart, months) <= grantAt) months++;
  return addMonths(periodStart, months);
}

async function advance(
  deps: { db: Database; invoicing: InvoiceSettings },
  start: SubscriptionRow,
  now: Date,
  onRenewalPaid?: RenewalListener,
) {
  const { db } = deps;
  let row = start;
  let grants = 0;
  const found = findPlanVariant(row.planId);
  if (!found) return { grants, ended: false };
  for (let guard = 0; guard < 36; guard++) {
    const periodOver = row.currentPeriodEnd !== null && row.currentPeriodEnd <= now;
    const grantDue = row.nextGrantAt !== null && row.nextGrantAt <= now;
    if (!periodOver && !grantDue) break;
    const grantAt = row.nextGrantAt;
    // A grant that falls at or after the period end belongs to the next period (if any).
    if (grantDue && grantAt && (row.currentPeriodEnd === null || grantAt < row.currentPeriodEnd)) {
      await changeCredits(db, {
        userId: row.userId,
        delta: found.variant.creditsPerGrant,
        kind: "plan-grant",
        reference: `plan-grant:${row.id}:${row.grantsMade}`,
        note: `${found.plan.name}: ${found.variant.creditsPerGrant} images`,
      });
      row = await update(db, row, {
        grantsMade: row.grantsMade + 1,
        nextGrantAt: nextMonthlyGrant(row.currentPeriodStart, grantAt),
      });
      grants++;
      continue;
    }
    if (!periodOver || !row.currentPeriodEnd) break;
    if (row.status === "cancelled" || row.provider !== "local") {
      if (row.status === "cancelled") {
        await update(db, row, { status: "ended", endedAt: row.currentPeriodEnd, nextGrantAt: null });
        return { grants, ended: true };
      }
      break; // Stripe: the renewal arrives as invoice.paid.
    }
    const renewal = await renewLocally(deps, row, found.variant.price, found.plan.name);
    row = renewal.row;
    if (renewal.paymentId && onRenewalPaid)
      await onRenewalPaid({ paymentId: renewal.paymentId, planId: row.planId });
  }
  return { grants, ended: false };
}

async function renewLocally(
  deps: { db: Database; invoicing: InvoiceSettings },
  row: SubscriptionRow,
  price: number,
  planName: string,
) {
  const { db } = deps;
  const start = row.currentPeriodEnd ?? new Date();
  const discounted = row.discountedRenewalsLeft > 0;
  const amount = Math.round(price * 100 * (discounted ? 1 - RETENTION_DISCOUNT.percentOff / 100 : 1));
  const recorded = await recordPayment(db, {
    invoicing: deps.invoicing,
    payment: {
      id: `pay_${row.id}_${start.getTime()}`,
      userId: row.userId,
      subscriptionId: row.id,
      description: `${planName} renewal${discounted ? ` (${RETENTION_DISCOUNT.percentOff}% off)` : ""}`,
      amountCents: amount,
      currency: PRICE_CURRENCY,
      provider: "local",
      providerPaymentId: `local-renewal:${row.id}:${start.toISOString()}`,
      paidAt: start,
    },
  });
  const renewed = await update(db, row, {
    currentPeriodStart: start,
    currentPeriodEnd: periodEnd(start, row.billingCycle === "yearly" ? "yearly" : "monthly"),
    nextGrantAt: row.nextGrantAt && row.nextGrantAt >= start ? row.nextGrantAt : start,
    discountedRenewalsLeft: Math.max(0, row.discountedRenewalsLeft - 1),
  });
  return { row: renewed, paymentId: recorded?.paymentId ?? null };
}

async function update(db: Database, row: SubscriptionRow, changes: Partial<SubscriptionRow>) {
  const [updated] = await db.update(subscription).set(changes).where(eq(subscription.id, row.id)).returning();
  return updated ?? { ...row, ...changes };
}
