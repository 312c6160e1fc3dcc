import type { Database } from "../../../db/client";
import { studioIntroSeen } from "../../../db/schema";
import { findFamilyChild } from "../../children/child-record";

/**
 * Remembers that a parent has seen a child's studio introduction, so it shows once per child and
 * parent on every device. Saying so again keeps the first time.
 */
export async function markStudioIntroSeen(
  db: Database,
  options: { familyId: string; childId: number; userId: string },
): Promise<void> {
  const found = await findFamilyChild(db, options);
  await db
    .insert(studioIntroSeen)
    .values({ childId: found.id, userId: options.userId })
    .onConflictDoNothing({ target: [studioIntroSeen.childId, studioIntroSeen.userId] });
}
