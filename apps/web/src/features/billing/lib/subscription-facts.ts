import { type PlanVariant, RETENTION_DISCOUNT, type Subscription } from "@wonderkin/contract";
import { formatDate } from "@/lib/format-date";
import { formatMoney } from "./format-money";

export type SubscriptionFact = { label: string; value: string };

export const statusLabels: Record<
  Subscription["status"],
  { label: string; tone: "success" | "warning" | "neutral" }
> = {
  active: { label: "Active", tone: "success" },
  cancelled: { label: "Cancelled", tone: "warning" },
  ended: { label: "Ended", tone: "neutral" },
};

/** A plan that renews (monthly or yearly) and can therefore be cancelled; a one-time plan cannot. */
export function isRenewing(subscription: Subscription): boolean {
  return subscription.currentPeriodEnd !== null;
}

/** Whether the retention offer is still open: a renewing plan whose discount was never taken. */
export function canOfferDiscount(subscription: Subscription): boolean {
  return isRenewing(subscription) && subscription.discountAcceptedAt === null;
}

export const discountWords = `${RETENTION_DISCOUNT.percentOff}% off your next ${RETENTION_DISCOUNT.renewals} renewals`;

/** What a plan costs, in words: "$14.99 a month", "$149.90 a year", "$19, paid once". */
export function priceWords(variant: Pick<PlanVariant, "price" | "billingCycle">, currency: string): string {
  const price = formatMoney(variant.price, currency);
  if (variant.billingCycle === "monthly") return `${price} a month`;
  if (variant.billingCycle === "yearly") return `${price} a year`;
  return `${price}, paid once`;
}

/**
 * The dates that matter about a plan, in words: when it renews or ends, and when a yearly plan's
 * next monthly images arrive.
 */
export function subscriptionFacts(
  subscription: Subscription,
  options: {
    creditsPerGrant?: number | undefined;
    /** The plan's price in words (see priceWords). */
    price?: string | undefined;
    format?: (iso: string) => string;
  } = {},
): SubscriptionFact[] {
  const format = options.format ?? formatDate;
  const facts: SubscriptionFact[] = [];
  const end = subscription.currentPeriodEnd;
  if (end === null) {
    facts.push({ label: "Renewal", value: "None: a one-time plan" });
  } else if (subscription.status === "active") {
    facts.push({ label: "Renews on", value: format(end) });
  } else {
    facts.push({ label: "Ends on", value: format(end) });
  }
  if (options.price) facts.push({ label: "Price", value: options.price });
  if (subscription.billingCycle === "yearly" && subscription.nextGrantAt) {
    facts.push({
      label: "Next monthly images",
      value: options.creditsPerGrant
        ? `${options.creditsPerGrant} on ${format(subscription.nextGrantAt)}`
        : format(subscription.nextGrantAt),
    });
  }
  if (subscription.discountAcceptedAt && subscription.status === "active" && end !== null) {
    facts.push({ label: "Discount", value: discountWords });
  }
  facts.push({ label: "Member since", value: format(subscription.createdAt) });
  return facts;
}
