/**
 * Money and dates as a parent reads them in an e-mail. The server does not know the reader's time
 * zone, so dates are the calendar day in UTC and say nothing finer than the day.
 */
export function formatMoney(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
      amountCents / 100,
    );
  } catch {
    // A currency code Intl does not know still reads plainly.
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}
