import type { AddOnUnit } from "@wonderkin/contract";

/** "5 video clips", "1 ready-to-print file", "1 storybook": what an add-on gives, or what is left of it. */
export function addOnWords(addOn: { unit: AddOnUnit; units: number } | null): string {
  if (!addOn) return "";
  const { unit, units } = addOn;
  if (unit === "video") return `${units} video ${units === 1 ? "clip" : "clips"}`;
  if (unit === "child") return `${units} extra ${units === 1 ? "child" : "children"}`;
  if (unit === "book") return `${units} ${units === 1 ? "storybook" : "storybooks"}`;
  return `${units} ready-to-print ${units === 1 ? "file" : "files"}`;
}

/** What buying an add-on gives, for its checkout: files and clips never expire; a child's room lasts on Oracle. */
export function addOnPurchaseWords(addOn: { unit: AddOnUnit; units: number } | null): string {
  if (addOn?.unit === "child") {
    return `Room for ${addOn.units === 1 ? "one more child" : `${addOn.units} more children`} in your family, for as long as you're on Oracle. Paid once.`;
  }
  // No plan named: the clips and files are sold on Magician and Oracle alike (decision 0056).
  return `${addOnWords(addOn)}, added to your account. Paid once; they never expire.`;
}
