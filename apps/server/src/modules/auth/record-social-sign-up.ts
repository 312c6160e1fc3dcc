import type { SocialProvider } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAnalyticsEvent } from "../analytics/record-event";

/**
 * createSocialUserInDb of spec §7. Better Auth has already created the user during the OAuth
 * callback; this completes the record from the social profile (without overwriting what the
 * parent set) and records the sign-up event for this non-e-mail method, once.
 */
export async function recordSocialSignUp(
  db: Database,
  options: {
    userId: string;
    providerUid: string;
    provider: SocialProvider;
    email: string;
    firstName: string;
    lastName: string;
    avatarUrl?: string | null | undefined;
  },
): Promise<void> {
  const [linked] = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, options.userId),
        eq(account.providerId, options.provider),
        eq(account.accountId, options.providerUid),
      ),
    );
  if (!linked) {
    throw new AppError(
      403,
      "SOCIAL_ACCOUNT_MISMATCH",
      "This social account does not belong to the signed-in user.",
    );
  }
  const [row] = await db.select().from(user).where(eq(user.id, options.userId));
  if (!row) return;
  const fill: Partial<typeof user.$inferInsert> = {};
  if (!row.firstName && options.firstName) fill.firstName = options.firstName;
  if (!row.lastName && options.lastName) fill.lastName = options.lastName;
  if (!row.image && options.avatarUrl) fill.image = options.avatarUrl;
  if (Object.keys(fill).length > 0) await db.update(user).set(fill).where(eq(user.id, options.userId));
  await recordAnalyticsEvent(db, {
    userId: options.userId,
    name: "signup",
    properties: { method: options.provider },
    once: true,
  });
}
