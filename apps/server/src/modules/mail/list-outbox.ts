import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export const OUTBOX_LIST_LIMIT = 50;

export type OutboxEntry = typeof mailOutbox.$inferSelect;

/** The newest messages of the local outbox, optionally only those to one address (any letter case). */
export async function listOutbox(options: { db: Database; to?: string | undefined }): Promise<OutboxEntry[]> {
  const { db, to } = options;
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_LIST_LIMIT);
}
