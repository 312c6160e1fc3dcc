import { storybookMessages } from "@wonderkin/contract";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { storybook } from "../../db/schema";
import { failStorybook } from "./render-storybook";
import { isUnfinishedStorybook } from "./storybook-record";

/**
 * What deleting a portrait does to the books it is in (decision 0067: deleted means deleted, and a
 * book's PDF holds the portrait's pixels). A book still being made fails, giving back what paid; a
 * made book is deleted with its PDF. Returns the PDFs' keys, for the caller to delete with the
 * portrait's own files once its row is gone.
 */
export async function dropStorybooksOfPortrait(db: Database, imageId: string): Promise<string[]> {
  const holding = await db
    .select()
    .from(storybook)
    .where(sql`${storybook.pages} @> ${JSON.stringify([{ imageId }])}::jsonb`);
  for (const book of holding.filter(isUnfinishedStorybook)) {
    await failStorybook({ db }, book.id, storybookMessages.portraitDeleted);
  }
  const made = holding.filter((book) => book.storageKey);
  if (made.length > 0) {
    await db.delete(storybook).where(
      inArray(
        storybook.id,
        made.map(({ id }) => id),
      ),
    );
  }
  return made.flatMap(({ storageKey }) => (storageKey ? [storageKey] : []));
}
