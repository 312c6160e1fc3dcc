import type { Child } from "@wonderkin/contract";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { child, childPhoto } from "../../db/schema";
import { toChild } from "./child-record";

/** getChildren of spec §7: the acting family's children, oldest first (the first is the default). */
export async function listChildren(db: Database, options: { familyId: string }): Promise<Child[]> {
  const rows = await db
    .select()
    .from(child)
    .where(eq(child.organizationId, options.familyId))
    .orderBy(asc(child.createdAt), asc(child.id));
  const photoCounts = await db
    .select({ childId: childPhoto.childId, photos: count() })
    .from(childPhoto)
    .innerJoin(child, eq(child.id, childPhoto.childId))
    .where(eq(child.organizationId, options.familyId))
    .groupBy(childPhoto.childId);
  return rows.map((row) => toChild(row, photoCounts.find((entry) => entry.childId === row.id)?.photos ?? 0));
}
