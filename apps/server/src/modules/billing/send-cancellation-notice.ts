import { findPlanVariant } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { subscriptionCancelledEmail } from "../../emails";
import type { SubscriptionRow } from "../subscriptions/subscription-record";
import type { BillingMailDeps } from "./billing-deps";

/** Where the cancellation e-mail sends the parent: their plan, to pick one again. */
export const manageSubscriptionPath = "/account/subscription/manage";

/**
 * Confirms a cancellation with the day the plan stops. Once per cancellation: call it only from the
 * run whose guarded update moved the subscription from active to cancelled (or ended), so a repeated
 * request or webhook sends nothing more. A failure to send is logged; the cancellation stands.
 */
export async function sendCancellationNotice(
  deps: BillingMailDeps,
  cancelled: SubscriptionRow,
  now = new Date(),
): Promise<{ sent: boolean }> {
  const found = findPlanVariant(cancelled.planId);
  const [parent] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, cancelled.userId));
  if (!found || !parent) return { sent: false };
  const endsAt =
    cancelled.status === "ended" ? (cancelled.endedAt ?? now) : (cancelled.currentPeriodEnd ?? now);
  const url = `${deps.env.publicUrl}${manageSubscriptionPath}`;
  try {
    await deps.mailer.send({
      to: parent.email,
      kind: "subscription-cancelled",
      link: url,
      ...subscriptionCancelledEmail({
        appName: deps.env.APP_NAME,
        firstName: parent.firstName,
        planName: found.plan.name,
        endsAt,
        endedNow: endsAt.getTime() <= now.getTime(),
        url,
      }),
    });
    return { sent: true };
  } catch (error) {
    deps.logger?.warn({ err: error, subscriptionId: cancelled.id }, "cancellation e-mail not sent");
    return { sent: false };
  }
}
