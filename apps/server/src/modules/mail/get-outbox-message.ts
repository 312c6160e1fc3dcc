import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { OutboxEntry } from "./list-outbox";

export async function getOutboxMessage(options: { db: Database; id: number }): Promise<OutboxEntry | null> {
  const [entry] = await options.db.select().from(mailOutbox).where(eq(mailOutbox.id, options.id)).limit(1);
  return entry ?? null;
}
