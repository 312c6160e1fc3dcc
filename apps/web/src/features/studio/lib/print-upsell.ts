import { type AddOnsState, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { ApiError } from "@/lib/api-client";

/** What the viewer's "Print-ready files" dialog says, and which ways out it offers. */
export type PrintUpsell = { message: string; offerPlans: boolean; offerAddOn?: boolean };

/** What a print answered when the plan has no prints left or none at all. */
export function printProblem(error: unknown): PrintUpsell | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === studioErrorCodes.printNotIncluded)
    return { message: error.message, offerPlans: true, offerAddOn: true };
  if (error.code === studioErrorCodes.printAllowanceUsed)
    return { message: error.message, offerPlans: false };
  return null;
}

export const printNotIncluded: PrintUpsell = {
  message: `${studioMessages.printNotIncluded} It brings 10 A4 files a month, ready for the printer.`,
  offerPlans: true,
  offerAddOn: true,
};

/**
 * The upsell a parent with no print file left sees when they press Print, decided from what they
 * have before anything is asked of the server. The Ready to print add-on is offered only where it
 * is sold to them (decision 0033).
 */
export function printUpsellFor(state: Pick<AddOnsState, "planPrints" | "canBuy" | "addOns">): PrintUpsell {
  const sellsPrints = state.canBuy && state.addOns.some((addOn) => addOn.unit === "print");
  if (state.planPrints.perMonth > 0) {
    return { message: studioMessages.printAllowanceUsed, offerPlans: false, offerAddOn: sellsPrints };
  }
  return { ...printNotIncluded, offerAddOn: sellsPrints };
}
