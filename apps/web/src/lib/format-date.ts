const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long", year: "numeric" });

/** A calendar date in the reader's own format ("3 May 2026", "May 3, 2026"). */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
