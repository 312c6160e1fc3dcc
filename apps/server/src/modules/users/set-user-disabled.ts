import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { session, user } from "../../db/schema";

/**
 * Disables or re-enables an account. Disabling also ends every session at once; while disabled,
 * no sign-in method can create a new one (see create-auth.ts).
 */
export async function setUserDisabled(
  db: Database,
  options: { email: string; disabled: boolean },
): Promise<{ found: boolean; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(user)
      .set({ disabledAt: options.disabled ? new Date() : null })
      .where(eq(user.email, options.email.trim().toLowerCase()))
      .returning({ id: user.id });
    if (!row) return { found: false, sessionsEnded: 0 };
    if (!options.disabled) return { found: true, sessionsEnded: 0 };
    const ended = await tx.delete(session).where(eq(session.userId, row.id)).returning({ id: session.id });
    return { found: true, sessionsEnded: ended.length };
  });
}
