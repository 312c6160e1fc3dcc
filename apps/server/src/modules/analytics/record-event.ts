import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvent } from "../../db/schema";

export type AnalyticsEventName =
  | "signup"
  | "email_verified"
  | "child_added"
  | "training_completed"
  | "purchase"
  | "generation";

/** Records a product event; `once` skips it when the user already has one of that name. */
export async function recordAnalyticsEvent(
  db: Database,
  options: { userId: string; name: AnalyticsEventName; properties?: Record<string, unknown>; once?: boolean },
): Promise<boolean> {
  if (options.once) {
    const [existing] = await db
      .select({ id: analyticsEvent.id })
      .from(analyticsEvent)
      .where(and(eq(analyticsEvent.userId, options.userId), eq(analyticsEvent.name, options.name)))
      .limit(1);
    if (existing) return false;
  }
  await db.insert(analyticsEvent).values({
    userId: options.userId,
    name: options.name,
    properties: options.properties ?? {},
  });
  return true;
}
