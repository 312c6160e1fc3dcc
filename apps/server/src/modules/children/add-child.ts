import { type Child, type ChildGender, childErrorCodes, childMessages } from "@wonderkin/contract";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { child, organization } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { requireCurrentConsent } from "../consent/parental-consent";
import { toChild } from "./child-record";
import { childrenAllowed } from "./children-allowed";
import { newTriggerWord } from "./trigger-word";

/**
 * Adds a child to the acting family, once the parent has given consent and while the family is
 * within its number of children. The family row is locked so two tabs cannot both add "the one".
 */
export async function addChild(
  db: Database,
  options: {
    userId: string;
    familyId: string;
    firstName: string;
    gender: ChildGender;
    age?: number | undefined;
    birthDate?: string | undefined;
  },
  today = new Date(),
): Promise<Child> {
  await requireCurrentConsent(db, { userId: options.userId });
  const allowed = await childrenAllowed(db, { userId: options.userId, familyId: options.familyId });
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${organization} where ${organization.id} = ${options.familyId} for update`,
        );
        const [existing] = await tx
          .select({ children: count() })
          .from(child)
          .where(eq(child.organizationId, options.familyId));
        if ((existing?.children ?? 0) >= allowed) {
          throw new AppError(409, childErrorCodes.childLimitReached, childMessages.childLimitReached);
        }
        const [inserted] = await tx
          .insert(child)
          .values({
            organizationId: options.familyId,
            firstName: options.firstName,
            gender: options.gender,
            birthDate: options.birthDate ?? null,
            age: options.birthDate ? null : (options.age ?? null),
            ageRecordedOn: options.birthDate ? null : today.toISOString().slice(0, 10),
            triggerWord: newTriggerWord(),
            createdByUserId: options.userId,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error("The child was not stored");
      await recordAnalyticsEvent(db, {
        userId: options.userId,
        name: "child_added",
        properties: { childId: row.id },
      });
      return toChild(row, 0, false);
    } catch (error) {
      // A trigger word collision (1 in millions): draw another.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}
