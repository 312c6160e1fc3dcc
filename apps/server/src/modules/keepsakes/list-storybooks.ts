import type { Storybook, StorybookAllowance } from "@wonderkin/contract";
import { storybookMessages } from "@wonderkin/contract";
import { desc, eq } from "drizzle-orm";
import { storybook } from "../../db/schema";
import { findFamilyChild } from "../children/child-record";
import { resolveSpending } from "../subscriptions/resolve-spending";
import type { KeepsakeDeps } from "./keepsake-deps";
import { failStorybook } from "./render-storybook";
import { storybookAllowance } from "./storybook-allowance";
import { isUnfinishedStorybook, STORYBOOK_DEADLINE_MS, toStorybook } from "./storybook-record";

/**
 * A child's books, newest first, and what the acting parent (or the family's owner paying for them)
 * may still make. A book still unfinished past its deadline (its worker died) is failed here, giving
 * back what paid, so the page never waits forever.
 */
export async function listStorybooks(
  deps: KeepsakeDeps,
  options: { familyId: string; userId: string; childId: number; now?: Date },
): Promise<{ storybooks: Storybook[]; allowance: StorybookAllowance }> {
  const now = options.now ?? new Date();
  const kid = await findFamilyChild(deps.db, options);
  const booksOfChild = () =>
    deps.db.select().from(storybook).where(eq(storybook.childId, kid.id)).orderBy(desc(storybook.createdAt));
  let rows = await booksOfChild();
  const late = rows.filter(
    (row) => isUnfinishedStorybook(row) && now.getTime() - row.createdAt.getTime() > STORYBOOK_DEADLINE_MS,
  );
  if (late.length > 0) {
    for (const row of late) await failStorybook(deps, row.id, storybookMessages.failed);
    rows = await booksOfChild();
  }
  const spending = await resolveSpending(deps.db, { ...options, now });
  return {
    storybooks: await Promise.all(rows.map((row) => toStorybook(deps.storage, row))),
    allowance: await storybookAllowance(deps.db, {
      userId: spending.payer?.userId ?? options.userId,
      plan: spending.payer?.plan ?? null,
      now,
    }),
  };
}
