import { and, count, eq, gte, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImage } from "../../db/schema";
import { currentPlan } from "../subscriptions/subscription-record";
import { readAddOnBalance } from "./change-add-on-units";

export const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export type PrintAllowance = {
  /** The plan's ready-to-print files a month (0 without a plan that includes them). */
  perMonth: number;
  leftThisMonth: number;
  /** Bought with the Ready to print add-on and not used yet (decision 0033). */
  purchased: number;
};

/**
 * What a parent may still print: the plan's monthly files (counted from the portraits they printed
 * this calendar month, UTC, that the plan paid for), then the add-on's files, which never expire.
 */
export async function printAllowance(
  db: Database,
  options: { userId: string; now?: Date },
): Promise<PrintAllowance> {
  const now = options.now ?? new Date();
  const plan = await currentPlan(db, { userId: options.userId, now });
  const perMonth = plan?.entitlements.readyToPrintPerMonth ?? 0;
  const [used] = await db
    .select({ prints: count() })
    .from(generatedImage)
    .where(
      and(
        eq(generatedImage.printedByUserId, options.userId),
        gte(generatedImage.printedAt, startOfMonth(now)),
        or(isNull(generatedImage.printSource), eq(generatedImage.printSource, "plan")),
      ),
    );
  const purchased = await readAddOnBalance(db, { userId: options.userId, unit: "print" });
  return { perMonth, leftThisMonth: Math.max(0, perMonth - (used?.prints ?? 0)), purchased };
}
