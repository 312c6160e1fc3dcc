export { formatCredits } from "@/entities/billing/format-credits";
export { formatMoney } from "@/entities/billing/format-money";

/** A credit movement with its sign: "+100", "−20" (a real minus sign). */
export function formatCreditChange(credits: number, locale?: string): string {
  const count = new Intl.NumberFormat(locale).format(Math.abs(credits));
  if (credits > 0) return `+${count}`;
  if (credits < 0) return `\u2212${count}`;
  return count;
}
