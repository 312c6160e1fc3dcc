import { findPlanVariant } from "@wonderkin/contract";
import { and, eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { checkoutSession, subscription, webhookEvent } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { idOf, isPaid, stripePaymentFacts } from "../../providers/payments/stripe-payments";
import type { BillingMailDeps } from "./billing-deps";
import { completeCheckout } from "./complete-checkout";
import { recordPayment } from "./record-payment";
import { sendCancellationNotice } from "./send-cancellation-notice";
import { planReceiptLines, sendPaymentReceipt } from "./send-payment-receipt";

/** The current period of a Stripe subscription (since the 2025 API, it lives on its items). */
function periodOf(stripeSubscription: Stripe.Subscription) {
  const item = stripeSubscription.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number })
    | undefined;
  const start = item?.current_period_start;
  const end = item?.current_period_end;
  return {
    start: start ? new Date(start * 1000) : null,
    end: end ? new Date(end * 1000) : null,
  };
}

/**
 * Brings our subscription in line with Stripe's, read fresh from Stripe (never from the event,
 * which may be old or out of order): period, cancellation, end. A plan that was active and now is
 * cancelled (at its period end or at once) gets its confirmation e-mail, once.
 */
async function syncSubscription(deps: BillingMailDeps, stripe: Stripe, providerSubscriptionId: string) {
  const { db } = deps;
  const fresh = await stripe.subscriptions.retrieve(providerSubscriptionId);
  const { start, end } = periodOf(fresh);
  const ended = fresh.status === "canceled" || fresh.status === "incomplete_expired";
  // The guard on `active` makes this run the only one to see the cancellation happen: a repeated
  // event, or the app's own cancel (which already moved the row), finds nothing to move.
  const [newlyCancelled] =
    ended || fresh.cancel_at_period_end
      ? await db
          .update(subscription)
          .set({ status: ended ? "ended" : "cancelled", cancelledAt: new Date() })
          .where(
            and(
              eq(subscription.providerSubscriptionId, providerSubscriptionId),
              eq(subscription.status, "active"),
            ),
          )
          .returning({ id: subscription.id })
      : [];
  const changes: Partial<typeof subscription.$inferInsert> = {
    ...(start ? { currentPeriodStart: start } : {}),
    ...(end ? { currentPeriodEnd: end } : {}),
    cancelAtPeriodEnd: fresh.cancel_at_period_end,
    status: ended ? "ended" : fresh.cancel_at_period_end ? "cancelled" : "active",
    ...(ended ? { endedAt: new Date(), nextGrantAt: null } : {}),
  };
  const [updated] = await db
    .update(subscription)
    .set(changes)
    .where(eq(subscription.providerSubscriptionId, providerSubscriptionId))
    .returning();
  if (newlyCancelled && updated) await sendCancellationNotice(deps, updated);
  return updated ?? null;
}

async function onCheckoutCompleted(deps: BillingMailDeps, stripe: Stripe, event: Stripe.Event) {
  const { db } = deps;
  const sent = event.data.object as Stripe.Checkout.Session;
  // Re-read: only a session Stripe itself reports as paid completes an order.
  const session = await stripe.checkout.sessions.retrieve(sent.id, { expand: ["invoice"] });
  if (!isPaid(session)) return;
  const checkoutId = session.client_reference_id ?? session.metadata?.checkoutId ?? null;
  const [order] = await db
    .select()
    .from(checkoutSession)
    .where(
      or(
        eq(checkoutSession.providerSessionId, session.id),
        checkoutId ? eq(checkoutSession.id, checkoutId) : undefined,
      ),
    );
  if (order?.provider !== "stripe") return;
  const facts = stripePaymentFacts(session);
  await completeCheckout(deps, order, facts);
  const { providerSubscriptionId } = facts;
  // A subscription cancelled at Stripe before this event arrived is ended here too.
  if (providerSubscriptionId) await syncSubscription(deps, stripe, providerSubscriptionId);
}

async function onInvoicePaid(deps: BillingMailDeps, stripe: Stripe, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice & {
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  // The first invoice is the checkout's: its completion records it.
  if (invoice.billing_reason !== "subscription_cycle") return;
  const providerSubscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!providerSubscriptionId) return;
  const synced = await syncSubscription(deps, stripe, providerSubscriptionId);
  // Ahead of its checkout's completion: refuse for now, so Stripe delivers it again later.
  if (!synced)
    throw new AppError(503, "WEBHOOK_NOT_READY", "This renewal's subscription is not known yet; retry.");
  const planName = findPlanVariant(synced.planId)?.plan.name;
  const recorded = await recordPayment(deps.db, {
    payment: {
      id: `pay_${invoice.id}`,
      userId: synced.userId,
      subscriptionId: synced.id,
      description: planName ? `${planName} renewal` : "Plan renewal",
      amountCents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      provider: "stripe",
      providerPaymentId: invoice.id ?? `invoice:${event.id}`,
      receiptUrl: invoice.hosted_invoice_url ?? null,
      ...(invoice.status_transitions?.paid_at
        ? { paidAt: new Date(invoice.status_transitions.paid_at * 1000) }
        : {}),
    },
    invoicing: deps.invoicing,
    // Stripe's own invoice of the renewal, linked beside ours (decision 0053).
    providerInvoice: { url: invoice.hosted_invoice_url ?? null, pdfUrl: invoice.invoice_pdf ?? null },
  });
  // Once per invoice: a redelivered event (or the same invoice under another event id) inserts nothing.
  if (recorded) {
    await sendPaymentReceipt(deps, {
      paymentId: recorded.paymentId,
      ...planReceiptLines(synced.planId, "renewal"),
    });
  }
}

/**
 * Handles one verified Stripe event, once per event id. Grants are made only by the completion path
 * and the scheduled job, each keyed so it cannot repeat; events only move state Stripe confirms.
 */
export async function handleStripeEvent(
  deps: BillingMailDeps,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<{ handled: boolean }> {
  const { db } = deps;
  const [seen] = await db.select().from(webhookEvent).where(eq(webhookEvent.eventId, event.id));
  if (seen) return { handled: false };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await onCheckoutCompleted(deps, stripe, event);
      break;
    case "invoice.paid":
      await onInvoicePaid(deps, stripe, event);
      break;
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sent = event.data.object as Stripe.Subscription;
      await syncSubscription(deps, stripe, sent.id);
      break;
    }
    default:
      break;
  }
  // Recorded after handling: a failure above leaves it unrecorded, so Stripe's retry runs it again.
  await db
    .insert(webhookEvent)
    .values({ eventId: event.id, provider: "stripe", type: event.type })
    .onConflictDoNothing();
  return { handled: true };
}
