import type { UserRecord } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import type { MediaSigning } from "../profile-picture/profile-picture-address";
import { findUserRow, toUserRecord } from "./get-user-record";

/**
 * Names; Better Auth's display `name` follows the first and last name. The picture is an upload of
 * its own (modules/profile-picture, decision 0059).
 */
export async function updateUserProfile(
  db: Database,
  options: { userId: string; firstName?: string; lastName?: string; media: MediaSigning },
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
    })
    .where(eq(user.id, options.userId))
    .returning();
  return toUserRecord(db, row, options.media);
}
