import type { AddOnId, BillingDetails } from "@wonderkin/contract";

/**
 * What the provider says about a completed payment. The port owns this type: billing's completion
 * path reads it, the provider never imports billing.
 */
export type PaymentFacts = {
  /** The provider's id of the charge: local checkouts use their own id. */
  providerPaymentId: string;
  providerSubscriptionId?: string | null;
  providerCustomerId?: string | null;
  receiptUrl?: string | null;
  /** The provider's own invoice of this payment, when it issued one (Stripe, for subscriptions). */
  providerInvoice?: { url: string | null; pdfUrl: string | null } | null;
  paidAt?: Date;
};

/** An order handed to the payment provider. Amounts are in minor units (cents). */
export type CheckoutOrder = {
  sessionId: string;
  kind: "plan" | "top-up" | "add-on";
  /** The Magician add-on bought (kind `add-on`): a provider may sell it at a price of its own. */
  addOnId?: AddOnId;
  description: string;
  amountCents: number;
  currency: string;
  /** The app's page to come back to, paid or not (an add-on bought from a portrait). */
  returnPath?: string;
  /** monthly or yearly for a subscription; absent for one-time payments. */
  recurring?: "monthly" | "yearly";
  customerEmail: string;
};

/**
 * The payments port. `local` (default) sends the parent to the product's own checkout page, whose
 * Pay button completes the order through the same path a real payment takes; `stripe` creates a
 * Stripe Checkout Session.
 */
export type Payments = {
  kind: "local" | "stripe";
  startCheckout(order: CheckoutOrder): Promise<{ url: string; providerSessionId: string | null }>;
  /**
   * Whether a checkout is paid, with the facts of the payment; null while it is not. The local
   * checkout is paid by asking (its Pay button); Stripe is asked about its session.
   */
  confirmCheckout(checkout: { id: string; providerSessionId: string | null }): Promise<PaymentFacts | null>;
  /** Tells the provider to stop renewing (the local provider keeps no state of its own). */
  cancelAtPeriodEnd(providerSubscriptionId: string | null): Promise<void>;
  /**
   * Ends the subscription at the provider now (the account is being deleted): no renewal, no
   * further invoice. One the provider no longer knows counts as ended.
   */
  cancelNow(providerSubscriptionId: string | null): Promise<void>;
  /** Copies the invoice name and address to the provider's customer, if it keeps one. */
  updateCustomer(providerCustomerId: string | null, details: BillingDetails): Promise<void>;
  /** Applies the retention discount to the next renewals at the provider. */
  applyRetentionDiscount(providerSubscriptionId: string | null): Promise<void>;
};
