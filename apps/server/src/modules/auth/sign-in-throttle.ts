import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { signInFailure } from "../../db/schema";

export type ThrottlePolicy = { maxFailures: number; windowMinutes: number };

function windowStart(policy: ThrottlePolicy, now: Date): Date {
  return new Date(now.getTime() - policy.windowMinutes * 60_000);
}

/**
 * Password guessing is throttled per e-mail address (on top of Better Auth's per-IP limiter): after
 * `maxFailures` failed attempts within the window, further attempts are refused until old failures
 * age out, even with the right password.
 */
export async function isSignInThrottled(
  db: Database,
  options: { email: string; policy: ThrottlePolicy; now?: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(signInFailure)
    .where(
      and(
        eq(signInFailure.email, options.email),
        gte(signInFailure.createdAt, windowStart(options.policy, options.now ?? new Date())),
      ),
    );
  return (row?.failures ?? 0) >= options.policy.maxFailures;
}

export async function recordSignInFailure(
  db: Database,
  options: { email: string; ipAddress: string | null },
): Promise<void> {
  await db.insert(signInFailure).values({ email: options.email, ipAddress: options.ipAddress });
}

/** A successful sign-in forgives earlier mistakes, and failures past the window are of no use. */
export async function clearSignInFailures(db: Database, options: { email: string }): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.email, options.email));
}
