/** "1 credit", "100 credits", with the reader's digit grouping. */
export function formatCredits(credits: number, locale?: string): string {
  const count = new Intl.NumberFormat(locale).format(credits);
  return Math.abs(credits) === 1 ? `${count} credit` : `${count} credits`;
}
