import type { GalleryFilters } from "@wonderkin/contract";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { generatedImage } from "../../../db/schema";
import { findFamilyChild } from "../../children/child-record";

/**
 * The gallery's filters for one child: how many portraits there are in each style present, and how
 * many are favourites — the same portraits a filtered listing pages through (gallery.ts). One
 * grouped read over the child's index.
 */
export async function countGalleryFilters(
  db: Database,
  options: { familyId: string; childId: number },
): Promise<GalleryFilters> {
  const found = await findFamilyChild(db, options);
  const rows = await db
    .select({
      styleId: generatedImage.styleId,
      count: count(),
      favourites: count(generatedImage.favouriteAt),
    })
    .from(generatedImage)
    .where(and(eq(generatedImage.childId, found.id), eq(generatedImage.kind, "portrait")))
    .groupBy(generatedImage.styleId)
    .orderBy(desc(count()), asc(generatedImage.styleId));
  return {
    portraits: rows.reduce((sum, row) => sum + row.count, 0),
    favourites: rows.reduce((sum, row) => sum + row.favourites, 0),
    styles: rows.map((row) => ({ styleId: row.styleId, count: row.count })),
  };
}
