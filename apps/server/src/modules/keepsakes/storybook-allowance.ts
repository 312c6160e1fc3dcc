import type { Plan, StorybookAllowance } from "@wonderkin/contract";
import { and, count, eq, gte, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { storybook } from "../../db/schema";
import { readAddOnBalance } from "../add-ons/change-add-on-units";
import { startOfMonth } from "../add-ons/print-allowance";

/**
 * What a parent may still make (decision 0067): the plan's books this calendar month (UTC), counted
 * from the books their plan paid for that did not fail (a failed book gives its month's book back),
 * then the Storybook add-on's books, which never expire.
 */
export async function storybookAllowance(
  db: Database,
  options: { userId: string; plan: Plan | null; now: Date },
): Promise<StorybookAllowance> {
  const perMonth = options.plan?.entitlements.storybooksPerMonth ?? 0;
  const [made] = await db
    .select({ books: count() })
    .from(storybook)
    .where(
      and(
        eq(storybook.paidByUserId, options.userId),
        eq(storybook.paidWith, "plan"),
        ne(storybook.status, "failed"),
        gte(storybook.createdAt, startOfMonth(options.now)),
      ),
    );
  const purchased = await readAddOnBalance(db, { userId: options.userId, unit: "book" });
  return { perMonth, leftThisMonth: Math.max(0, perMonth - (made?.books ?? 0)), purchased };
}

/** Whether the plan makes or sells books at all (Magician and Oracle do; Alchemist does not). */
export const planHasStorybooks = (plan: Plan | null) =>
  (plan?.entitlements.storybooksPerMonth ?? 0) > 0 ||
  (plan?.addOns.some(({ unit }) => unit === "book") ?? false);
