import { authErrorCodes, authMessages, type UserRecord } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { findCurrentConsent } from "../consent/parental-consent";
import { findDefaultFamilyId } from "../families/find-default-family";
import { avatarUrlOf, type MediaSigning } from "../profile-picture/profile-picture-address";

type Row = typeof user.$inferSelect;

export async function toUserRecord(db: Database, row: Row, media: MediaSigning): Promise<UserRecord> {
  return {
    betterAuthUid: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emailVerified: row.emailVerified,
    totalCredits: row.totalCredits,
    avatarUrl: avatarUrlOf(media, row),
    defaultOrganizationId: await findDefaultFamilyId(db, { userId: row.id }),
    consent: await findCurrentConsent(db, { userId: row.id }),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserRow(db: Database, userId: string): Promise<Row> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  // A session whose user row is gone: the web app shows spec §8's 'User not found in DB'.
  if (!row) throw new AppError(404, authErrorCodes.userNotFound, authMessages.userNotFoundInDb);
  return row;
}

/**
 * getUser of spec §7. A social sign-in passes the profile's names and avatar: they fill in what the
 * record does not have yet, never overwriting what the parent chose.
 */
export async function getUserRecord(
  db: Database,
  options: {
    userId: string;
    profile?: { first_name?: string; last_name?: string; avatar_url?: string };
    media: MediaSigning;
  },
): Promise<UserRecord> {
  let row = await findUserRow(db, options.userId);
  const profile = options.profile;
  if (profile) {
    const fill: Partial<Row> = {};
    if (!row.firstName && profile.first_name) fill.firstName = profile.first_name;
    if (!row.lastName && profile.last_name) fill.lastName = profile.last_name;
    if (!row.image && profile.avatar_url) fill.image = profile.avatar_url;
    if (Object.keys(fill).length > 0) {
      [row = row] = await db.update(user).set(fill).where(eq(user.id, row.id)).returning();
    }
  }
  return toUserRecord(db, row, options.media);
}
