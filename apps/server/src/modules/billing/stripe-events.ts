import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { checkoutSession, payment, subscription, webhookEvent } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { idOf, isPaid, stripePaymentFacts } from "../../providers/payments/stripe-payments";
import { completeCheckout } from "./complete-checkout";

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
 * which may be old or out of order): period, cancellation, end.
 */
async function syncSubscription(db: Database, stripe: Stripe, providerSubscriptionId: string) {
  const fresh = await stripe.subscriptions.retrieve(providerSubscriptionId);
  const { start, end } = periodOf(fresh);
  const ended = fresh.status === "canceled" || fresh.status === "incomplete_expired";
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
  return updated ?? null;
}

async function onCheckoutCompleted(db: Database, stripe: Stripe, event: Stripe.Event) {
  const sent = event.data.object as Stripe.Checkout.Session;
  // Re-read: only a session Stripe itself reports as paid completes an order.
  const session = await stripe.checkout.sessions.retrieve(sent.id);
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
  await completeCheckout(db, order, facts);
  const { providerSubscriptionId } = facts;
  // A subscription cancelled at Stripe before this event arrived is ended here too.
  if (providerSubscriptionId) await syncSubscription(db, stripe, providerSubscriptionId);
}

async function onInvoicePaid(db: Database, stripe: Stripe, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice & {
    parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
  };
  // The first invoice is the checkout's: its completion records it.
  if (invoice.billing_reason !== "subscription_cycle") return;
  const providerSubscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!providerSubscriptionId) return;
  const synced = await syncSubscription(db, stripe, providerSubscriptionId);
  // Ahead of its checkout's completion: refuse for now, so Stripe delivers it again later.
  if (!synced)
    throw new AppError(503, "WEBHOOK_NOT_READY", "This renewal's subscription is not known yet; retry.");
  await db
    .insert(payment)
    .values({
      id: `pay_${invoice.id}`,
      userId: synced.userId,
      subscriptionId: synced.id,
      description: "Plan renewal",
      amountCents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      provider: "stripe",
      providerPaymentId: invoice.id ?? `invoice:${event.id}`,
      receiptUrl: invoice.hosted_invoice_url ?? null,
    })
    .onConflictDoNothing({ target: payment.providerPaymentId });
}

/**
 * Handles one verified Stripe event, once per event id. Grants are made only by the completion path
 * and the scheduled job, each keyed so it cannot repeat; events only move state Stripe confirms.
 */
export async function handleStripeEvent(
  db: Database,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<{ handled: boolean }> {
  const [seen] = await db.select().from(webhookEvent).where(eq(webhookEvent.eventId, event.id));
  if (seen) return { handled: false };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await onCheckoutCompleted(db, stripe, event);
      break;
    case "invoice.paid":
      await onInvoicePaid(db, stripe, event);
      break;
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sent = event.data.object as Stripe.Subscription;
      await syncSubscription(db, stripe, sent.id);
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
