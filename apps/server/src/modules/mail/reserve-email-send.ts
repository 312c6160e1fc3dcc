import { createHash, randomUUID } from "node:crypto";
import { authErrorCodes, authMessages } from "@wonderkin/contract";
import { sql } from "drizzle-orm";
import type { Env } from "../../config/env";
import type { Database } from "../../db/client";
import { rateLimit } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/** How many e-mails, per hour, one address may receive and one client may cause (decision 0042). */
export type EmailSendPolicy = { recipientLimit: number; clientLimit: number; windowSeconds: number };

export const EMAIL_SEND_WINDOW_SECONDS = 60 * 60;

export function emailSendPolicy(
  env: Pick<Env, "EMAIL_SEND_RECIPIENT_LIMIT" | "EMAIL_SEND_CLIENT_LIMIT">,
): EmailSendPolicy {
  return {
    recipientLimit: env.EMAIL_SEND_RECIPIENT_LIMIT,
    clientLimit: env.EMAIL_SEND_CLIENT_LIMIT,
    windowSeconds: EMAIL_SEND_WINDOW_SECONDS,
  };
}

export type EmailSendDecision =
  | { kind: "allowed" }
  | { kind: "recipient-limited" | "client-limited"; retryAfterSeconds: number };

/**
 * The counters live in Better Auth's `rate_limit` table (one row per key, `last_request` holding
 * when the row's window began) under keys of our own that its limiter never reads. The address is
 * kept only as a hash: the table says how often, never to whom.
 */
const recipientKey = (email: string) =>
  `email-send:to:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
const clientKey = (ipAddress: string) => `email-send:from:${ipAddress}`;

class Refused extends Error {
  constructor(readonly decision: Exclude<EmailSendDecision, { kind: "allowed" }>) {
    super(decision.kind);
  }
}

/**
 * Counts one e-mail to `recipient` asked for by `ipAddress`, or refuses it. Each counter is one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so concurrent requests are counted one after
 * another (the row lock on PostgreSQL, the one connection on PGlite) and none can slip between a
 * check and its write. Both counters move in one transaction, undone when either is over its
 * limit: a refused request spends nobody's allowance, so a client already over its own limit
 * cannot use up a victim's. Keys are always taken recipient first, so two requests never wait on
 * each other in a circle. Without a client address, only the recipient's counter moves.
 */
export async function reserveEmailSend(
  db: Database,
  options: { recipient: string; ipAddress: string | null; policy: EmailSendPolicy; now?: Date },
): Promise<EmailSendDecision> {
  const now = (options.now ?? new Date()).getTime();
  const windowMs = options.policy.windowSeconds * 1000;
  const windowStart = now - windowMs;
  const counters: { key: string; limit: number; kind: "recipient-limited" | "client-limited" }[] = [
    { key: recipientKey(options.recipient), limit: options.policy.recipientLimit, kind: "recipient-limited" },
  ];
  if (options.ipAddress) {
    counters.push({
      key: clientKey(options.ipAddress),
      limit: options.policy.clientLimit,
      kind: "client-limited",
    });
  }
  try {
    await db.transaction(async (tx) => {
      for (const counter of counters) {
        const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`;
        const [row] = await tx
          .insert(rateLimit)
          // A fresh id, so the key's unique index is the only one two racing inserts can meet:
          // with id = key, the primary key could see the conflict first, which ON CONFLICT (key)
          // does not arbitrate (a 23505, so a 500, on PostgreSQL under concurrent requests).
          .values({ id: randomUUID(), key: counter.key, count: 1, lastRequest: now })
          .onConflictDoUpdate({
            target: rateLimit.key,
            set: {
              count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
              lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
            },
          })
          .returning({ count: rateLimit.count, windowBegan: rateLimit.lastRequest });
        if (row && row.count > counter.limit) {
          const retryAfterSeconds = Math.max(1, Math.ceil((row.windowBegan + windowMs - now) / 1000));
          throw new Refused({ kind: counter.kind, retryAfterSeconds });
        }
      }
    });
  } catch (error) {
    if (error instanceof Refused) return error.decision;
    throw error;
  }
  return { kind: "allowed" };
}

/** The refusal as the product's endpoints answer it: 429, a stable code, a kind message, Retry-After. */
export function emailSendRefusal(decision: Exclude<EmailSendDecision, { kind: "allowed" }>) {
  return decision.kind === "recipient-limited"
    ? {
        code: authErrorCodes.emailAddressRateLimited,
        message: authMessages.tooManyEmailsToAddress,
        retryAfterSeconds: decision.retryAfterSeconds,
      }
    : {
        code: authErrorCodes.emailClientRateLimited,
        message: authMessages.tooManyEmailsFromClient,
        retryAfterSeconds: decision.retryAfterSeconds,
      };
}

/** reserveEmailSend for the product's own endpoints: refuses with a 429 AppError carrying Retry-After. */
export async function requireEmailSendAllowance(
  db: Database,
  options: { recipient: string; ipAddress: string | null; policy: EmailSendPolicy },
): Promise<void> {
  const decision = await reserveEmailSend(db, options);
  if (decision.kind === "allowed") return;
  const refusal = emailSendRefusal(decision);
  throw new AppError(429, refusal.code, refusal.message, undefined, {
    retryAfterSeconds: refusal.retryAfterSeconds,
  });
}
