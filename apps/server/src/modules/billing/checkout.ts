import { randomBytes } from "node:crypto";
import {
  billingErrorCodes,
  billingMessages,
  type CheckoutSession,
  findAddOn,
  findPlanVariant,
  PRICE_CURRENCY,
  topUpPacks,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { checkoutSession } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { currentPlan, findCurrentSubscription } from "../subscriptions/subscription-record";
import type { BillingDeps } from "./billing-deps";

export type CheckoutRow = typeof checkoutSession.$inferSelect;

type Item = { planId: number } | { topUpId: string } | { addOnId: string; returnTo?: string | undefined };

const cents = (price: number) => Math.round(price * 100);

/** What an item costs and grants, from the plans and packs data; unknown items are refused. */
function priceItem(item: Item) {
  if ("planId" in item) {
    const found = findPlanVariant(item.planId);
    if (!found) throw new AppError(400, billingErrorCodes.unknownPlan, billingMessages.unknownPlan);
    const { plan, variant } = found;
    const cycle = variant.billingCycle === "one-time" ? "one-time" : `${variant.billingCycle}`;
    return {
      kind: "plan" as const,
      planId: variant.planId,
      topUpId: null,
      addOnId: null,
      returnPath: null,
      description: `${plan.name} (${cycle})`,
      amountCents: cents(variant.price),
      credits: variant.creditsPerGrant,
      recurring: variant.billingCycle === "one-time" ? undefined : variant.billingCycle,
    };
  }
  if ("addOnId" in item) {
    const found = findAddOn(item.addOnId);
    if (!found) throw new AppError(400, billingErrorCodes.unknownPlan, billingMessages.unknownPlan);
    const { addOn } = found;
    return {
      kind: "add-on" as const,
      planId: null,
      topUpId: null,
      addOnId: addOn.id,
      // Bought from a portrait: the parent goes back to it, paid or not (decision 0056).
      returnPath: item.returnTo ?? null,
      description: `${addOn.value} add-on: ${addOn.grants}`,
      amountCents: cents(addOn.price),
      credits: 0,
      recurring: undefined,
    };
  }
  const pack = topUpPacks.find((candidate) => candidate.id === item.topUpId);
  if (!pack) throw new AppError(400, billingErrorCodes.unknownPlan, billingMessages.unknownPlan);
  return {
    kind: "top-up" as const,
    planId: null,
    topUpId: pack.id,
    addOnId: null,
    returnPath: null,
    description: `${pack.credits} extra credits`,
    amountCents: cents(pack.price),
    credits: pack.credits,
    recurring: undefined,
  };
}

/** Starts buying a plan or a top-up: the order is stored, then handed to the payment provider. */
export async function createCheckout(
  deps: BillingDeps,
  options: { userId: string; email: string; item: Item },
): Promise<{ sessionId: string; url: string }> {
  const priced = priceItem(options.item);
  if (priced.kind === "plan") {
    const current = await findCurrentSubscription(deps.db, { userId: options.userId });
    if (current?.planId === priced.planId && current.status === "active") {
      throw new AppError(409, billingErrorCodes.alreadySubscribed, billingMessages.alreadySubscribed);
    }
  }
  if (priced.kind === "add-on") {
    // Add-ons belong to their plan (spec §9: Magician's, and Oracle's Extra child, decision 0051):
    // only a parent that plan is usable for may buy them.
    const plan = await currentPlan(deps.db, { userId: options.userId });
    const sellsIt = plan?.addOns.some((addOn) => addOn.id === priced.addOnId) ?? false;
    if (!sellsIt && priced.addOnId === "extra-child") {
      throw new AppError(403, billingErrorCodes.extraChildNeedsOracle, billingMessages.extraChildNeedsOracle);
    }
    if (!sellsIt) {
      throw new AppError(403, billingErrorCodes.addOnNeedsMagician, billingMessages.addOnNeedsMagician);
    }
  }
  const sessionId = `cs_${randomBytes(16).toString("base64url")}`;
  const { recurring, ...row } = priced;
  await deps.db.insert(checkoutSession).values({
    id: sessionId,
    userId: options.userId,
    ...row,
    currency: PRICE_CURRENCY,
    provider: deps.payments.kind,
  });
  const started = await deps.payments.startCheckout({
    sessionId,
    kind: priced.kind,
    description: priced.description,
    amountCents: priced.amountCents,
    currency: PRICE_CURRENCY,
    ...(recurring ? { recurring } : {}),
    ...(priced.addOnId ? { addOnId: priced.addOnId } : {}),
    ...(priced.returnPath ? { returnPath: priced.returnPath } : {}),
    customerEmail: options.email,
  });
  if (started.providerSessionId) {
    await deps.db
      .update(checkoutSession)
      .set({ providerSessionId: started.providerSessionId })
      .where(eq(checkoutSession.id, sessionId));
  }
  return { sessionId, url: started.url };
}

export async function findOwnCheckout(db: Database, options: { userId: string; sessionId: string }) {
  const [row] = await db
    .select()
    .from(checkoutSession)
    .where(and(eq(checkoutSession.id, options.sessionId), eq(checkoutSession.userId, options.userId)));
  if (!row) throw new AppError(404, billingErrorCodes.checkoutNotFound, billingMessages.checkoutNotFound);
  return row;
}

/** Where a checkout of this kind was chosen, and where the parent goes when they leave it. */
const choosingPage = (kind: string) =>
  kind === "top-up"
    ? "/kids/top-up-credit-plans"
    : kind === "add-on"
      ? "/account/subscription/manage"
      : "/kids/select-plan";

export function toCheckoutSession(row: CheckoutRow): CheckoutSession {
  const addOn = row.addOnId ? (findAddOn(row.addOnId)?.addOn ?? null) : null;
  return {
    id: row.id,
    kind: row.kind === "top-up" ? "top-up" : row.kind === "add-on" ? "add-on" : "plan",
    description: row.description,
    amount: row.amountCents / 100,
    currency: row.currency,
    credits: row.credits,
    addOn: addOn ? { id: addOn.id, unit: addOn.unit, units: addOn.units } : null,
    status: row.status === "completed" ? "completed" : row.status === "cancelled" ? "cancelled" : "open",
    provider: row.provider === "stripe" ? "stripe" : "local",
  };
}

/** Leaves a checkout without paying; the parent goes back to where they chose. */
export async function cancelCheckout(db: Database, options: { userId: string; sessionId: string }) {
  const row = await findOwnCheckout(db, options);
  if (row.status === "completed") {
    throw new AppError(409, billingErrorCodes.checkoutClosed, billingMessages.checkoutClosed);
  }
  await db
    .update(checkoutSession)
    .set({ status: "cancelled" })
    .where(and(eq(checkoutSession.id, row.id), eq(checkoutSession.status, "open")));
  return { redirectTo: row.returnPath ?? choosingPage(row.kind) };
}
