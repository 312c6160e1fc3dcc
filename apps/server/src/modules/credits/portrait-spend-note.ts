/**
 * A portrait spend's ledger note names the child by id, never by name ("2 × Fairy portrait of
 * child 12"): the ledger is append-only and outlives the child, so the name is looked up when the
 * history is read (billing-history.ts) and erasing the child removes only the id
 * (erase-children.ts). The id is what joins the note to the child.
 */

/** How the history speaks of a child who was deleted or whose family the parent has left. */
export const FORMER_CHILD = "a child no longer in the family";

const CHILD_SUFFIX = / of child (\d+)$/;

export function portraitSpendNote(options: { count: number; styleTitle: string; childId: number }): string {
  return `${options.count} × ${options.styleTitle} portrait of child ${options.childId}`;
}

/** The child a note names by id, if it names one. */
export function childIdOfNote(note: string | null): number | null {
  const match = note ? CHILD_SUFFIX.exec(note) : null;
  return match ? Number(match[1]) : null;
}

/** The note as a parent reads it: the child's first name, or FORMER_CHILD when there is none. */
export function nameChildInNote(note: string, firstName: string | null): string {
  return note.replace(CHILD_SUFFIX, ` of ${firstName ?? FORMER_CHILD}`);
}

/** SQL LIKE pattern of the notes that name one child, and the regexp that erases the id. */
export const childNotePattern = (childId: number) => `% of child ${childId}`;
export const CHILD_SUFFIX_REGEXP = " of child [0-9]+$";
