import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A checkout: what the parent is buying, at which price, with which provider. Completing it (the
 * local checkout's Pay button, Stripe's webhook or confirmation) is one idempotent path.
 */
export const checkoutSession = pgTable(
  "checkout_session",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    planId: integer("plan_id"),
    topUpId: text("top_up_id"),
    /** The Magician add-on bought (kind `add-on`): create-video or ready-to-print. */
    addOnId: text("add_on_id"),
    /** The app's page the parent bought from and goes back to (an add-on's portrait, decision 0056). */
    returnPath: text("return_path"),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    credits: integer("credits").notNull(),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    /** open, completed or cancelled. */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [index("checkout_session_user_idx").on(table.userId, table.createdAt)],
);

/**
 * A parent's plan. The one-time plan has no period end; monthly and yearly plans renew. Yearly
 * plans grant their images monthly (`next_grant_at`, worked by a scheduled job).
 */
export const subscription = pgTable(
  "subscription",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: integer("plan_id").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    /** active, cancelled (usable to the period end) or ended. */
    status: text("status").notNull(),
    provider: text("provider").notNull(),
    /** The checkout that started it: a replayed completion finds it instead of starting another. */
    checkoutSessionId: text("checkout_session_id").unique(),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").unique(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    nextGrantAt: timestamp("next_grant_at", { withTimezone: true }),
    /** How many monthly grants this subscription has made (the grant's ledger reference). */
    grantsMade: integer("grants_made").notNull().default(0),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    discountOfferedAt: timestamp("discount_offered_at", { withTimezone: true }),
    discountAcceptedAt: timestamp("discount_accepted_at", { withTimezone: true }),
    /** Renewals still to be charged at the retention discount. */
    discountedRenewalsLeft: integer("discounted_renewals_left").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscription_user_idx").on(table.userId, table.status)],
);

/** Who paid, as an invoice names them: copied into the payment when the account is deleted. */
export type PayerSnapshot = {
  name: string;
  email: string;
  addressLine: string;
  city: string;
  postalCode: string;
  country: string;
  taxId: string;
};

/**
 * Money received: one row per charge, for the billing history and receipts. Kept when the account
 * is deleted, as the law requires (decision 0019): the user link is cleared and `payer` keeps what
 * an invoice needs; nothing about children is ever in it.
 */
export const payment = pgTable(
  "payment",
  {
    id: text("id").primaryKey(),
    /** null once the account is deleted. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The payer's name, e-mail and invoice address, copied when the account is deleted. */
    payer: jsonb("payer").$type<PayerSnapshot>(),
    subscriptionId: text("subscription_id"),
    checkoutSessionId: text("checkout_session_id"),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    /** Unique per provider charge (a checkout, an invoice): a replayed event records nothing new. */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("payment_user_idx").on(table.userId, table.paidAt)],
);

/** Webhook events already handled, by the provider's event id: a repeated delivery does nothing. */
export const webhookEvent = pgTable("webhook_event", {
  eventId: text("event_id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The name and address printed on a parent's invoices (and sent to Stripe's customer). */
export const billingDetails = pgTable("billing_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  addressLine: text("address_line").notNull().default(""),
  city: text("city").notNull().default(""),
  postalCode: text("postal_code").notNull().default(""),
  country: text("country").notNull().default(""),
  taxId: text("tax_id").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who sells, as an invoice names them: the deployment's settings at the moment of issue. */
export type InvoiceSeller = {
  name: string;
  address: string[];
  email: string;
  taxId: string;
};

/** Who buys, as an invoice names them: the billing details (or the account's name) at issue. */
export type InvoiceBuyer = PayerSnapshot;

/** One line of an invoice; amounts in minor units, `totalCents` tax included. */
export type InvoiceLine = { description: string; quantity: number; unitCents: number; totalCents: number };

/**
 * The last number given in each invoice series (one series per issuer prefix and year, decision
 * 0053). Taken with `UPDATE … RETURNING` in the transaction that records the payment, so a rolled-back
 * payment gives its number back and the series has no gaps.
 */
export const invoiceSequence = pgTable("invoice_sequence", {
  series: text("series").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * The invoice of one payment, as issued: its number and everything printed on it, copied at issue,
 * so later edits of the billing details or the seller's settings never change an issued invoice.
 * Kept with its payment when the account is deleted (the law requires both; nothing about children).
 */
export const invoice = pgTable("invoice", {
  /** e.g. WK-2026-000123: prefix, year of issue, number within the year's series. */
  number: text("number").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .unique()
    .references(() => payment.id),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  seller: jsonb("seller").$type<InvoiceSeller>().notNull(),
  buyer: jsonb("buyer").$type<InvoiceBuyer>().notNull(),
  lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
  currency: text("currency").notNull(),
  /** Prices include tax: net + tax = total. */
  netCents: integer("net_cents").notNull(),
  taxCents: integer("tax_cents").notNull(),
  totalCents: integer("total_cents").notNull(),
  /** The tax rate applied, in hundredths of a percent (2000 = 20 %), and its name (VAT, GST…). */
  taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
  taxLabel: text("tax_label").notNull(),
  /** Stripe's own invoice of a subscription payment, where Stripe issued one (decision 0053). */
  providerInvoiceUrl: text("provider_invoice_url"),
  providerInvoicePdfUrl: text("provider_invoice_pdf_url"),
});
