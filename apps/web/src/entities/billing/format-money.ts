/**
 * A price in the reader's own format ("$14.99", "14,99 $US"). Whole amounts drop the cents ("$19")
 * unless `keepCents` asks to line them up with others.
 */
export function formatMoney(
  amount: number,
  currency: string,
  options: { keepCents?: boolean; locale?: string } = {},
): string {
  const whole = Number.isInteger(amount) && !options.keepCents;
  return new Intl.NumberFormat(options.locale, {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}
