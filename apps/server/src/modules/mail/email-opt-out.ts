import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type EmailPreferences,
  emailPreferenceErrorCodes,
  emailPreferenceMessages,
  type OptionalEmailKind,
  optionalEmailKinds,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailOptOut, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * Unsubscribe links (decision 0068) carry the parent's id and the kind of e-mail, signed with a key
 * derived from the server's secret: no table of tokens, no expiry (a link in a years-old e-mail must
 * still work, as RFC 8058 expects), and a link can only ever turn off what it names for whom it
 * names. The id inside is not secret: it only identifies a row the link's signature already binds.
 */
const keyOf = (secret: string) => createHmac("sha256", secret).update("wonderkin/unsubscribe/v1").digest();

const signatureOf = (secret: string, userId: string, kind: OptionalEmailKind) =>
  createHmac("sha256", keyOf(secret)).update(`${kind}\n${userId}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string, kind: OptionalEmailKind): string {
  return `${kind}.${Buffer.from(userId).toString("base64url")}.${signatureOf(secret, userId, kind)}`;
}

function invalidLink(): AppError {
  return new AppError(400, emailPreferenceErrorCodes.linkInvalid, emailPreferenceMessages.linkInvalid);
}

/** The parent and kind a token names, or 400 UNSUBSCRIBE_LINK_INVALID. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: OptionalEmailKind } {
  const [kind, encodedId, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !kind || !encodedId || !signature) throw invalidLink();
  if (!(optionalEmailKinds as readonly string[]).includes(kind)) throw invalidLink();
  const userId = Buffer.from(encodedId, "base64url").toString();
  const expected = Buffer.from(signatureOf(secret, userId, kind as OptionalEmailKind));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  return { userId, kind: kind as OptionalEmailKind };
}

/** Turns a kind of e-mail off or back on; either twice is the same as once. */
export async function setEmailOptOut(
  db: Database,
  options: { userId: string; kind: OptionalEmailKind; optedOut: boolean },
): Promise<void> {
  if (options.optedOut) {
    await db.insert(emailOptOut).values({ userId: options.userId, kind: options.kind }).onConflictDoNothing();
  } else {
    await db
      .delete(emailOptOut)
      .where(and(eq(emailOptOut.userId, options.userId), eq(emailOptOut.kind, options.kind)));
  }
}

export async function isOptedOut(db: Database, userId: string, kind: OptionalEmailKind): Promise<boolean> {
  const [row] = await db
    .select({ kind: emailOptOut.kind })
    .from(emailOptOut)
    .where(and(eq(emailOptOut.userId, userId), eq(emailOptOut.kind, kind)));
  return row !== undefined;
}

export async function readEmailPreferences(db: Database, userId: string): Promise<EmailPreferences> {
  return { seriesReminders: !(await isOptedOut(db, userId, "series-reminders")) };
}

export async function updateEmailPreferences(
  db: Database,
  userId: string,
  change: Partial<EmailPreferences>,
): Promise<EmailPreferences> {
  if (change.seriesReminders !== undefined) {
    await setEmailOptOut(db, { userId, kind: "series-reminders", optedOut: !change.seriesReminders });
  }
  return readEmailPreferences(db, userId);
}

/** "a•••@example.com": enough for the owner to recognise, little for anyone a link was forwarded to. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * What an e-mail's link does, without signing in: turns its kind off (or, with `subscribe`, back
 * on) for the parent it was sent to. A link whose parent no longer exists is refused like a forged one.
 */
export async function unsubscribeByLink(
  deps: { db: Database; secret: string },
  options: { token: string; subscribe?: boolean | undefined },
): Promise<{ kind: OptionalEmailKind; email: string; subscribed: boolean }> {
  const { userId, kind } = readUnsubscribeToken(deps.secret, options.token);
  const [parent] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!parent) throw invalidLink();
  const subscribed = options.subscribe === true;
  await setEmailOptOut(deps.db, { userId, kind, optedOut: !subscribed });
  return { kind, email: maskedAddress(parent.email), subscribed };
}
