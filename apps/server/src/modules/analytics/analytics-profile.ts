import type { Database } from "../../db/client";
import { analyticsProfile } from "../../db/schema";

/** submitUserDataToAnalytics: the parent's latest analytics profile. The id always comes from the session. */
export async function saveAnalyticsProfile(
  db: Database,
  options: { userId: string; data: Record<string, unknown> },
): Promise<void> {
  const data = { ...options.data, user_id: options.userId };
  await db
    .insert(analyticsProfile)
    .values({ userId: options.userId, data })
    .onConflictDoUpdate({
      target: analyticsProfile.userId,
      set: { data, updatedAt: new Date(), forwardedAt: null },
    });
}
