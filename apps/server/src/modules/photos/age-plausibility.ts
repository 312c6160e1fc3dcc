/** From this age on a child may well look adult: no question is asked. */
const NO_QUESTION_FROM_AGE = 16;
/** Years beyond the child's age (and at least adult) before a photo is questioned. */
const MARGIN_YEARS = 12;

/**
 * Whether to ask the parent "This looks like an adult — is it Mia?". Age networks are unreliable on
 * young children (they mostly overestimate), so the margin is wide and the answer only a question:
 * the parent keeps or removes the photo, and a kept photo is not asked about again.
 */
export function looksAdult(
  photo: { estimatedAge: number | null; keptDespiteAge: boolean },
  childAge: number,
): boolean {
  if (photo.keptDespiteAge || photo.estimatedAge === null || childAge >= NO_QUESTION_FROM_AGE) return false;
  return photo.estimatedAge >= Math.max(18, childAge + MARGIN_YEARS);
}
