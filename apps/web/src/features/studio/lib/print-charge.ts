import type { AddOnsState } from "@wonderkin/contract";

/**
 * What pressing Print on a portrait would spend, said before anything is spent (decision 0056): the
 * plan's files of this month first, then the Ready to print add-on's (the server's order, decision
 * 0033). A portrait printed before opens its file again for nothing.
 */
export type PrintCharge =
  | { kind: "free" }
  | { kind: "plan"; cost: string; after: string }
  | { kind: "add-on"; cost: string; after: string }
  | { kind: "none" };

const files = (count: number) => `${count} ready-to-print ${count === 1 ? "file" : "files"}`;

export function printCharge(
  state: { planPrints: AddOnsState["planPrints"]; balances: Pick<AddOnsState["balances"], "print"> },
  options: { printed: boolean },
): PrintCharge {
  if (options.printed) return { kind: "free" };
  const month = state.planPrints.leftThisMonth;
  const bought = state.balances.print;
  if (month > 0) {
    const fromAddOn = bought > 0 ? `, and ${files(bought)} from your add-on` : "";
    return {
      kind: "plan",
      cost: `1 of this month's ${files(month)}`,
      after: `${files(month - 1)} left this month${fromAddOn}.`,
    };
  }
  if (bought > 0) {
    return {
      kind: "add-on",
      cost: `1 of your ${files(bought)} from the Ready to print add-on`,
      after: `${files(bought - 1)} left from your add-on.`,
    };
  }
  return { kind: "none" };
}
