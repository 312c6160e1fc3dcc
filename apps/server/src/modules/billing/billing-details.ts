import type { BillingDetails } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { billingDetails } from "../../db/schema";

export async function readBillingDetails(
  db: Database,
  options: { userId: string },
): Promise<BillingDetails | null> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, options.userId));
  if (!row) return null;
  const { userId: _userId, updatedAt: _updatedAt, ...details } = row;
  return details;
}

/** Saves the details printed on invoices (the provider's customer record follows, see the port). */
export async function saveBillingDetails(
  db: Database,
  options: { userId: string; details: BillingDetails },
): Promise<BillingDetails> {
  const values = { ...options.details, updatedAt: new Date() };
  await db
    .insert(billingDetails)
    .values({ userId: options.userId, ...values })
    .onConflictDoUpdate({ target: billingDetails.userId, set: values });
  return options.details;
}
