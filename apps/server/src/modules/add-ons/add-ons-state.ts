import { type AddOnsState, billingMessages, PRICE_CURRENCY, plans } from "@wonderkin/contract";
import type { Database } from "../../db/client";
import { currentPlan } from "../subscriptions/subscription-record";
import { readAddOnBalance } from "./change-add-on-units";
import { printAllowance } from "./print-allowance";

/** The Magician plan's add-ons: the ones the catalogue sells, whatever the parent's plan. */
const sold = plans.flatMap((plan) => plan.addOns);

/**
 * What the billing page and the studio need about add-ons (decision 0033): which ones are sold,
 * whether this parent may buy them now (only on a usable plan that sells them), what is left of the
 * ones bought, and the plan's own ready-to-print files this month.
 */
export async function readAddOnsState(
  db: Database,
  options: { userId: string; now?: Date },
): Promise<AddOnsState> {
  const plan = await currentPlan(db, options);
  const canBuy = (plan?.addOns.length ?? 0) > 0;
  const [video, prints] = await Promise.all([
    readAddOnBalance(db, { userId: options.userId, unit: "video" }),
    printAllowance(db, options),
  ]);
  return {
    currency: PRICE_CURRENCY,
    canBuy,
    reason: canBuy ? null : billingMessages.addOnNeedsMagician,
    addOns: plan?.addOns.length ? [...plan.addOns] : sold,
    balances: { video, print: prints.purchased },
    planPrints: { perMonth: prints.perMonth, leftThisMonth: prints.leftThisMonth },
  };
}
