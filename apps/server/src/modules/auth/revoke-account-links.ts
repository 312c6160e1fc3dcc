import { eq, inArray, like, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { verification } from "../../db/schema";

type Executor = Pick<Database, "select" | "delete">;

/**
 * Ends every link Better Auth has pending for an account: password resets (stored with the user's
 * id as their value) and e-mail sign-in links (stored with the address they were sent to, as JSON),
 * for each of the addresses given. Our own e-mail tokens live in `email_token` and are the caller's.
 */
export async function revokeAccountLinks(
  db: Executor,
  options: { userId: string; emails: string[] },
): Promise<number> {
  const addresses = new Set(options.emails.map((email) => email.toLowerCase()));
  const candidates = await db
    .select({ id: verification.id, value: verification.value })
    .from(verification)
    .where(or(eq(verification.value, options.userId), like(verification.value, '{%"magic-link"%')));
  const revoked = candidates.filter(
    (row) => row.value === options.userId || addresses.has(magicLinkAddress(row.value) ?? ""),
  );
  if (revoked.length > 0) {
    await db.delete(verification).where(
      inArray(
        verification.id,
        revoked.map((row) => row.id),
      ),
    );
  }
  return revoked.length;
}

function magicLinkAddress(value: string): string | null {
  try {
    const parsed = JSON.parse(value) as { type?: unknown; email?: unknown };
    return parsed.type === "magic-link" && typeof parsed.email === "string"
      ? parsed.email.toLowerCase()
      : null;
  } catch {
    return null;
  }
}
