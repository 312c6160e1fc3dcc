import { storybookErrorCodes, storybookMessages } from "@wonderkin/contract";
import { and, eq, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImage } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export type BookPortrait = Pick<
  typeof generatedImage.$inferSelect,
  "id" | "styleId" | "storageKey" | "createdAt"
>;

/**
 * A picture that can go into a keepsake (a book's page, a series' year): finished, its file there,
 * and not withheld by the safety screen.
 */
export const keepsakeReadyPicture = () =>
  and(
    eq(generatedImage.status, "succeeded"),
    isNotNull(generatedImage.storageKey),
    or(isNull(generatedImage.safety), ne(generatedImage.safety, "withheld")),
  );

/**
 * The finished pictures of this child among `imageIds`, in the order asked for, or a 409 that says
 * one is not (any more) a finished picture of the child: deleted, another child's, still being made,
 * failed or withheld by the safety screen. Read when the book is ordered and again when it is made.
 */
export async function findBookPortraits(
  db: Database,
  options: { familyId: string; childId: number; imageIds: string[] },
): Promise<(BookPortrait & { storageKey: string })[]> {
  const rows = await db
    .select({
      id: generatedImage.id,
      styleId: generatedImage.styleId,
      storageKey: generatedImage.storageKey,
      createdAt: generatedImage.createdAt,
    })
    .from(generatedImage)
    .where(
      and(
        inArray(generatedImage.id, options.imageIds),
        eq(generatedImage.organizationId, options.familyId),
        eq(generatedImage.childId, options.childId),
        keepsakeReadyPicture(),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return options.imageIds.map((id) => {
    const row = byId.get(id);
    if (!row?.storageKey) {
      throw new AppError(409, storybookErrorCodes.portraitNotInBook, storybookMessages.portraitNotInBook);
    }
    return { ...row, storageKey: row.storageKey };
  });
}
