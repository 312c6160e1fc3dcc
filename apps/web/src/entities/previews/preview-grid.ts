/**
 * The preview tiles' columns for how many are shown. A set is 4 (2 × 2 on a phone, 4 in a row
 * above); a dropped preview (unlike, or failed: decision 0029) leaves 3, shown as one row of 3
 * rather than a row with a hole, and not refilled, since another render would cost the provider
 * again for what was deliberately dropped (decision 0056).
 */
export function previewGridColumns(shown: number): string {
  if (shown === 3) return "grid-cols-3";
  if (shown === 2) return "grid-cols-2";
  return "grid-cols-2 sm:grid-cols-4";
}
