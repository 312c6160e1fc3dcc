import type { CheckoutSession } from "@wonderkin/contract";
import { addOnWords } from "./add-on-words";

/**
 * The checkout page's line under its title, by what is bought: a plan's or a pack's credits, an
 * add-on's clips or files (which are not credits, decision 0056), or, before the order has loaded,
 * nothing about either.
 */
export function checkoutIntro(order: Pick<CheckoutSession, "kind" | "addOn"> | undefined): string {
  if (!order) return "Check your order, then pay.";
  if (order.kind === "add-on") {
    if (order.addOn?.unit === "child") return "Check your order, then pay to make room for one more child.";
    const what = addOnWords(order.addOn);
    return what
      ? `Check your order, then pay to add ${what} to your account.`
      : "Check your order, then pay.";
  }
  if (order.kind === "top-up") return "Check your order, then pay to add the credits to your balance.";
  return "Check your order, then pay to start using your credits.";
}
