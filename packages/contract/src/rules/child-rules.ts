/** A child id in a URL, without zod (see ./index.ts): the route guard reads it on every page. */

/** Spec §2 and §5: a child id is a positive integer written without a leading zero. */
export const childIdPattern = /^[1-9]\d*$/;

/** Parses a childId taken from a URL segment; null when it is not a canonical positive integer. */
export function parseChildIdSegment(segment: string | undefined): number | null {
  if (segment === undefined || !childIdPattern.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
