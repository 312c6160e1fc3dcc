/**
 * What a print answer says is left: the plan's files this month, and the ones bought with the
 * Ready to print add-on (decision 0033), which are used once the month's are.
 */
export function printLeftWords(remainingThisMonth: number, purchasedLeft = 0): string {
  const files = (count: number) => `${count} ready-to-print ${count === 1 ? "file" : "files"}`;
  if (purchasedLeft === 0) return `${files(remainingThisMonth)} left this month.`;
  if (remainingThisMonth === 0) return `${files(purchasedLeft)} left from your add-on.`;
  return `${files(remainingThisMonth)} left this month, and ${purchasedLeft} from your add-on.`;
}
