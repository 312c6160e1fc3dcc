import { ageOn, type Child, childErrorCodes, childMessages } from "@wonderkin/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { child, childPhoto } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export type ChildRow = typeof child.$inferSelect;

const trainingStatuses = ["started", "completed", "failed"] as const;

/** The child's age today: from the birth date, or the age told back then plus the years since. */
export function currentAge(
  row: Pick<ChildRow, "birthDate" | "age" | "ageRecordedOn">,
  today = new Date(),
): number {
  if (row.birthDate) return ageOn(row.birthDate, today);
  const grown = row.ageRecordedOn ? ageOn(row.ageRecordedOn, today) : 0;
  return (row.age ?? 0) + Math.max(0, grown);
}

export function toChild(row: ChildRow, photoCount: number, studioIntroSeen: boolean): Child {
  return {
    id: row.id,
    firstName: row.firstName,
    age: currentAge(row),
    birthDate: row.birthDate,
    gender: row.gender === "girl" ? "girl" : "boy",
    trainingStatus: trainingStatuses.find((status) => status === row.trainingStatus) ?? null,
    trainingFailureReason: row.trainingFailureReason,
    photoCount,
    createdAt: row.createdAt.toISOString(),
    studioIntroSeen,
  };
}

// Every child, photo and studio request starts here: prepared once.
const familyChild = preparedStatement((db: Database) =>
  db
    .select()
    .from(child)
    .where(
      and(eq(child.id, sql.placeholder("childId")), eq(child.organizationId, sql.placeholder("familyId"))),
    )
    .prepare("wonderkin_find_family_child"),
);

/**
 * A child of the acting family, or 404: a child of another family is "not found", never its data.
 * Every child, photo and image endpoint goes through here.
 */
export async function findFamilyChild(
  db: Database,
  options: { familyId: string; childId: number },
): Promise<ChildRow> {
  const [row] = await familyChild(db).execute(options);
  if (!row) throw new AppError(404, childErrorCodes.childNotFound, childMessages.childNotFound);
  return row;
}

export async function countPhotos(db: Database, childId: number): Promise<number> {
  const [row] = await db.select({ photos: count() }).from(childPhoto).where(eq(childPhoto.childId, childId));
  return row?.photos ?? 0;
}
