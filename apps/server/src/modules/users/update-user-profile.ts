import type { UserRecord } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { findUserRow, toUserRecord } from "./get-user-record";

/** Names and avatar; Better Auth's display `name` follows the first and last name. */
export async function updateUserProfile(
  db: Database,
  options: { userId: string; firstName?: string; lastName?: string; avatarUrl?: string | null },
): Promise<UserRecord> {
  const current = await findUserRow(db, options.userId);
  const firstName = options.firstName ?? current.firstName;
  const lastName = options.lastName ?? current.lastName;
  const [row = current] = await db
    .update(user)
    .set({
      firstName,
      lastName,
      name: `${firstName} ${lastName}`.trim(),
      ...(options.avatarUrl !== undefined ? { image: options.avatarUrl } : {}),
    })
    .where(eq(user.id, options.userId))
    .returning();
  return toUserRecord(db, row);
}
