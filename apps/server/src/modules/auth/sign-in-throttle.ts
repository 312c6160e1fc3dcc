import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import { signInFailure } from "../../db/schema";

export type ThrottlePolicy = {
  /** Failures one client may make on one account within the window before it has to wait. */
  maxFailures: number;
  /** How far back failures count (and the longest a throttled client ever waits). */
  windowMinutes: number;
  /** Failures on one account from all clients within the window before passwords stop working. */
  accountMaxFailures: number;
};

/** Sign-in throttling as configured (decision 0022). */
export function signInThrottlePolicy(
  env: Pick<Env, "SIGN_IN_MAX_FAILURES" | "SIGN_IN_FAILURE_WINDOW_MINUTES" | "SIGN_IN_ACCOUNT_MAX_FAILURES">,
): ThrottlePolicy {
  return {
    maxFailures: env.SIGN_IN_MAX_FAILURES,
    windowMinutes: env.SIGN_IN_FAILURE_WINDOW_MINUTES,
    accountMaxFailures: env.SIGN_IN_ACCOUNT_MAX_FAILURES,
  };
}

/** The first wait after a client's free failures; each further failure doubles it. */
const FIRST_DELAY_SECONDS = 60;

/**
 * `allowed`; `client-throttled`: this client made too many recent failures on this account and
 * waits (growing delays), while other clients, the owner's own included, are unaffected;
 * `email-link-only`: so many failures from everywhere that passwords are refused for the account
 * until they age out, and the owner signs in with an e-mail link (which only they receive). A
 * flat lock-out would let anyone who knows a parent's address keep them out.
 */
export type ThrottleDecision =
  | { kind: "allowed" }
  | { kind: "client-throttled"; retryAfterSeconds: number }
  | { kind: "email-link-only"; retryAfterSeconds: number };

/** How long a client waits after its `failures`-th failure (0 while within the free failures). */
export function clientDelaySeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.maxFailures) return 0;
  const doublings = Math.min(failures - policy.maxFailures, 20);
  return Math.min(FIRST_DELAY_SECONDS * 2 ** doublings, policy.windowMinutes * 60);
}

const sameClient = (ipAddress: string | null) =>
  ipAddress === null ? isNull(signInFailure.ipAddress) : eq(signInFailure.ipAddress, ipAddress);

async function decide(
  db: Database,
  options: { email: string; ipAddress: string | null; policy: ThrottlePolicy; now: Date },
): Promise<ThrottleDecision> {
  const { now } = options;
  const windowMs = options.policy.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const recent = and(eq(signInFailure.email, options.email), gte(signInFailure.createdAt, since));

  const [account] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${signInFailure.createdAt})`,
    })
    .from(signInFailure)
    .where(recent);
  if ((account?.failures ?? 0) >= options.policy.accountMaxFailures) {
    const oldest = account?.oldest ? new Date(account.oldest) : now;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
    return { kind: "email-link-only", retryAfterSeconds };
  }

  const clientFailures = await db
    .select({ createdAt: signInFailure.createdAt })
    .from(signInFailure)
    .where(and(recent, sameClient(options.ipAddress)))
    .orderBy(desc(signInFailure.createdAt));
  const delay = clientDelaySeconds(options.policy, clientFailures.length);
  const latest = clientFailures[0]?.createdAt;
  if (delay > 0 && latest) {
    const waitUntil = latest.getTime() + delay * 1000;
    if (waitUntil > now.getTime()) {
      return { kind: "client-throttled", retryAfterSeconds: Math.ceil((waitUntil - now.getTime()) / 1000) };
    }
  }
  return { kind: "allowed" };
}

/**
 * Decides whether a password may be checked and, when it may, counts the attempt as a failure
 * before the check happens (decision 0042). Deciding and counting happen under one advisory lock
 * per address, inside one transaction, so concurrent guesses take turns: of 60 sent at once, only
 * as many as the limits allow reach the password. The attempt's row is the failure if the
 * password is wrong; a correct password clears it with the client's other failures, and any other
 * outcome gives it back (releaseSignInAttempt).
 */
export async function reserveSignInAttempt(
  db: Database,
  options: { email: string; ipAddress: string | null; policy: ThrottlePolicy; now?: Date },
): Promise<{ decision: ThrottleDecision; attemptId: number | null }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${options.email}`}, 0))`);
    const decision = await decide(tx, { ...options, now });
    if (decision.kind !== "allowed") return { decision, attemptId: null };
    const [row] = await tx
      .insert(signInFailure)
      .values({ email: options.email, ipAddress: options.ipAddress, createdAt: now })
      .returning({ id: signInFailure.id });
    return { decision, attemptId: row?.id ?? null };
  });
}

/** Gives back an attempt that did not end in a wrong password (a bad request, a disabled account…). */
export async function releaseSignInAttempt(db: Database, options: { attemptId: number }): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.id, options.attemptId));
}

/** Records a failed password outright (reserveSignInAttempt counts one before the check instead). */
export async function recordSignInFailure(
  db: Database,
  options: { email: string; ipAddress: string | null },
): Promise<void> {
  await db.insert(signInFailure).values({ email: options.email, ipAddress: options.ipAddress });
}

/**
 * A successful sign-in forgives that client's mistakes only: clearing every client's would let an
 * attacker start afresh each time the owner signs in.
 */
export async function clearSignInFailures(
  db: Database,
  options: { email: string; ipAddress: string | null },
): Promise<void> {
  await db
    .delete(signInFailure)
    .where(and(eq(signInFailure.email, options.email), sameClient(options.ipAddress)));
}
