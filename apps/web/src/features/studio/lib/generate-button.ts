import { GENERATION_CREDIT_COST } from "@wonderkin/contract";
import { formatCredits } from "@/entities/billing/format-credits";

export type GenerateButtonState =
  | { kind: "ready"; disabled: false; label: string; cost: number }
  | { kind: "no-style"; disabled: true; label: string; cost: number }
  | { kind: "locked"; disabled: true; label: string; cost: number }
  | { kind: "balance-loading"; disabled: true; label: string; cost: number }
  | { kind: "insufficient"; disabled: true; label: string; cost: number; shortBy: number }
  | { kind: "working"; disabled: true; label: string; cost: number };

/** "Create 4 portraits · 4 credits". */
export function generateLabel(count: number, cost: number): string {
  return `Create ${count} ${count === 1 ? "portrait" : "portraits"} · ${formatCredits(cost)}`;
}

/**
 * What the Generate button says and whether it can be pressed: the price of the chosen count, and
 * why not when it cannot (no style, a locked one, too few credits, already working).
 */
export function generateButtonState(input: {
  count: number;
  /** null while the balance loads. */
  balance: number | null;
  styleChosen: boolean;
  styleLocked: boolean;
  working: boolean;
}): GenerateButtonState {
  const cost = input.count * GENERATION_CREDIT_COST;
  const label = generateLabel(input.count, cost);
  if (input.working) return { kind: "working", disabled: true, label: "Starting the magic…", cost };
  if (!input.styleChosen) return { kind: "no-style", disabled: true, label: "Pick a style first", cost };
  if (input.styleLocked) return { kind: "locked", disabled: true, label, cost };
  if (input.balance === null) return { kind: "balance-loading", disabled: true, label, cost };
  if (input.balance < cost)
    return { kind: "insufficient", disabled: true, label, cost, shortBy: cost - input.balance };
  return { kind: "ready", disabled: false, label, cost };
}

/** The most portraits the balance pays for, within what one click may ask (0 when none). */
export function affordableCount(balance: number | null, maxCount: number): number {
  if (balance === null) return maxCount;
  return Math.max(0, Math.min(maxCount, Math.floor(balance / GENERATION_CREDIT_COST)));
}
