import type { AddOnUnit } from "@wonderkin/contract";

/** "5 video clips", "1 ready-to-print file": what an add-on gives, or what is left of it. */
export function addOnWords(addOn: { unit: AddOnUnit; units: number } | null): string {
  if (!addOn) return "";
  const { unit, units } = addOn;
  if (unit === "video") return `${units} video ${units === 1 ? "clip" : "clips"}`;
  return `${units} ready-to-print ${units === 1 ? "file" : "files"}`;
}
