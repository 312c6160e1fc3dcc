import { type AddOnsState, billingMessages, PRICE_CURRENCY, plans } from "@wonderkin/contract";
import type { Database } from "../../db/client";
import { currentPlan } from "../subscriptions/subscription-record";
import { readAddOnBalance } from "./change-add-on-units";
import { printAllowance } from "./print-allowance";

/** Every add-on the catalogue sells (Magician's and Oracle's), whatever the parent's plan. */
const sold = [...new Map(plans.flatMap((plan) => plan.addOns).map((addOn) => [addOn.id, addOn])).values()];

/**
 * What the billing page and the studio need about add-ons (decisions 0033, 0051): which ones are
 * sold, whether this parent may buy them now (only on a usable plan that sells them: the plan's own
 * are listed), what is left of the ones bought, and the plan's own ready-to-print files this month.
 */
export async function readAddOnsState(
  db: Database,
  options: { userId: string; now?: Date },
): Promise<AddOnsState> {
  const plan = await currentPlan(db, options);
  const canBuy = (plan?.addOns.length ?? 0) > 0;
  const [video, child, book, prints] = await Promise.all([
    readAddOnBalance(db, { userId: options.userId, unit: "video" }),
    readAddOnBalance(db, { userId: options.userId, unit: "child" }),
    readAddOnBalance(db, { userId: options.userId, unit: "book" }),
    printAllowance(db, options),
  ]);
  return {
    currency: PRICE_CURRENCY,
    canBuy,
    reason: canBuy ? null : billingMessages.addOnsNeedPlan,
    addOns: plan?.addOns.length ? [...plan.addOns] : sold,
    balances: { video, print: prints.purchased, child, book },
    planPrints: { perMonth: prints.perMonth, leftThisMonth: prints.leftThisMonth },
  };
}
