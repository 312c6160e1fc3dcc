import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  analyticsEvent,
  analyticsIdentify,
  analyticsProfile,
  analyticsVisitor,
  billingDetails,
  invitation,
  mailOutbox,
  member,
  type PayerSnapshot,
  payment,
  signInFailure,
  subscription,
  user,
  verification,
} from "../../db/schema";
import { accountDeletedEmail } from "../../emails";
import { payerSnapshot } from "../billing/payer-snapshot";
import { userStoragePrefix } from "../profile-picture/profile-picture-address";
import {
  addTally,
  armouredReceipt,
  type DeletionTally,
  emptyTally,
  signDeletionReceipt,
} from "./deletion-receipt";
import { deleteExportFiles, dropExportsOfUser } from "./drop-data-exports";
import { deleteFilesUnder, eraseFamily } from "./erase-children";
import { exportStoragePrefix } from "./export-storage-keys";
import type { PrivacyDeps } from "./privacy-deps";

export type AccountDeletionReason = "requested" | "unverified";

/** Subscriptions the provider could still renew. */
const renewingStatuses = ["active", "cancelled"];

/**
 * Stops every plan of the parent at the provider before anything is deleted: an account that is
 * gone must never be charged again. Local plans are renewed by our own job from rows that go with
 * the account; Stripe ones are cancelled at Stripe, now.
 */
async function cancelSubscriptions(deps: PrivacyDeps, userId: string): Promise<void> {
  const renewing = await deps.db
    .select()
    .from(subscription)
    .where(and(eq(subscription.userId, userId), inArray(subscription.status, renewingStatuses)));
  for (const row of renewing) {
    if (row.provider === "local" || !row.providerSubscriptionId) continue;
    if (row.provider !== deps.payments.kind) {
      throw new Error(
        `Cannot cancel the ${row.provider} subscription ${row.id}: PAYMENTS_PROVIDER is ${deps.payments.kind}`,
      );
    }
    await deps.payments.cancelNow(row.providerSubscriptionId);
  }
}

/**
 * The parent leaves every family: a family where they are the only member is deleted with its
 * children (files and models too); in a shared one they are removed, and when they were its only
 * owner, ownership passes first to the longest-standing admin, else the longest-standing member
 * (docs/families.md).
 */
async function leaveFamilies(deps: PrivacyDeps, userId: string, tally: DeletionTally): Promise<void> {
  const memberships = await deps.db
    .select({ id: member.id, familyId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, userId));
  for (const membership of memberships) {
    const alone = await deps.db.transaction(async (tx) => {
      const others = await tx
        .select({ id: member.id, role: member.role })
        .from(member)
        .where(and(eq(member.organizationId, membership.familyId), ne(member.userId, userId)))
        .orderBy(asc(member.createdAt), asc(member.id))
        .for("update");
      if (others.length === 0) return true;
      if (membership.role === "owner" && !others.some((other) => other.role === "owner")) {
        const heir = others.find((other) => other.role === "admin") ?? others[0];
        if (heir) await tx.update(member).set({ role: "owner" }).where(eq(member.id, heir.id));
      }
      await tx.delete(member).where(eq(member.id, membership.id));
      return false;
    });
    if (alone) {
      const erased = await eraseFamily(deps, membership.familyId);
      if (erased) addTally(tally, erased.tally);
    } else {
      tally.counts.databaseRecords += 1;
    }
  }
}

/**
 * The rows that go with the user row by cascade, counted for the receipt. Read from the catalogue's
 * foreign keys, so a table added later is counted too.
 */
async function countCascadingRows(deps: PrivacyDeps, userId: string): Promise<number> {
  const { rows: keys } = (await deps.db.execute(
    sql`select c.conrelid::regclass::text as "table", a.attname as "column"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
        where c.contype = 'f' and c.confrelid = '"user"'::regclass and c.confdeltype = 'c'`,
  )) as unknown as { rows: { table: string; column: string }[] };
  let total = 0;
  for (const key of keys) {
    // The table name comes from the catalogue, already quoted where it needs to be.
    const { rows } = (await deps.db.execute(
      sql`select count(*)::int as n from ${sql.raw(key.table)} where ${sql.identifier(key.column)} = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    total += Number(rows[0]?.n ?? 0);
  }
  return total;
}

/** What an invoice needs to name the payer, read while the account still exists. */
async function payerOf(deps: PrivacyDeps, row: typeof user.$inferSelect): Promise<PayerSnapshot> {
  const [details] = await deps.db.select().from(billingDetails).where(eq(billingDetails.userId, row.id));
  return payerSnapshot(row, details);
}

/**
 * Deletes an account and everything of it (decision 0019). Used by the parent's own request (after
 * re-authentication) and by the retention job for unverified accounts. Returns false when the
 * account was already gone.
 *
 * Kept: the payments, without the user link and with the payer's invoice details copied in (the
 * law requires them; they never held anything about children). Everything else goes: families the
 * parent was alone in (with children, files and models), memberships, sessions, sign-in accounts,
 * consents, the credit ledger, plans, checkouts, exports, the profile picture, analytics (visitors
 * are kept anonymous).
 */
export async function eraseAccount(
  deps: PrivacyDeps,
  options: { userId: string; reason: AccountDeletionReason },
): Promise<boolean> {
  const { userId } = options;
  const [row] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!row) return false;

  await cancelSubscriptions(deps, userId);
  const tally = emptyTally();
  await leaveFamilies(deps, userId, tally);
  // The exports' rows go now (the settings page and every link stop at once), their files next.
  const exports = await deps.db.transaction((tx) => dropExportsOfUser(tx, deps.boss, userId));
  tally.counts.exports += exports.keys.length;
  tally.counts.databaseRecords += exports.keys.length;
  await deleteExportFiles(deps, exports);
  await deleteFilesUnder(deps.storage, exportStoragePrefix(userId));
  // The parent's own files (their profile picture, decision 0059): everything under their prefix.
  await deleteFilesUnder(deps.storage, userStoragePrefix(userId));

  const payer = await payerOf(deps, row);
  const deletedOutright = await deps.db.transaction(async (tx) => {
    await tx
      .update(payment)
      .set({ payer, subscriptionId: null, checkoutSessionId: null })
      .where(eq(payment.userId, userId));
    // A visitor is a browser, not a person: it stays, anonymous, for the attribution totals.
    await tx.update(analyticsVisitor).set({ userId: null }).where(eq(analyticsVisitor.userId, userId));
    // One after another on the transaction's connection; each says how many rows it deleted.
    const deletions = [
      () =>
        tx
          .delete(analyticsIdentify)
          .where(eq(analyticsIdentify.userId, userId))
          .returning({ id: analyticsIdentify.id }),
      () =>
        tx
          .delete(analyticsProfile)
          .where(eq(analyticsProfile.userId, userId))
          .returning({ id: analyticsProfile.userId }),
      () =>
        tx
          .delete(analyticsEvent)
          .where(eq(analyticsEvent.userId, userId))
          .returning({ id: analyticsEvent.id }),
      // What names the address outside the rows that cascade with the user.
      () => tx.delete(invitation).where(eq(invitation.email, row.email)).returning({ id: invitation.id }),
      () =>
        tx
          .delete(signInFailure)
          .where(eq(signInFailure.email, row.email))
          .returning({ id: signInFailure.email }),
      () =>
        tx
          .delete(verification)
          .where(
            sql`strpos(${verification.value}, ${row.email}) > 0 or strpos(${verification.value}, ${userId}) > 0`,
          )
          .returning({ id: verification.id }),
      // The local outbox's copies of mail to this address (the confirmation below is the last one).
      () => tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, row.email)).returning({ id: mailOutbox.id }),
    ];
    let removed = 0;
    for (const deletion of deletions) removed += (await deletion()).length;
    return removed;
  });
  tally.counts.databaseRecords += deletedOutright + 1 + (await countCascadingRows(deps, userId));

  const receipt = signDeletionReceipt(deps.secret, { subject: "account", tally });
  // The confirmation is the last thing that needs the address, so it goes before the row does. The
  // deletion does not depend on the mail server: the parent sees the outcome on screen anyway.
  await deps.mailer
    .send({
      to: row.email,
      kind: "account-deleted",
      ...accountDeletedEmail({
        appName: deps.env.APP_NAME,
        firstName: row.firstName,
        reason: options.reason,
        retentionDays: deps.env.UNVERIFIED_ACCOUNT_RETENTION_DAYS,
        receipt: { ...receipt, armoured: armouredReceipt(receipt) },
      }),
    })
    .catch((error: unknown) => deps.logger?.warn({ err: error }, "account deletion e-mail not sent"));

  // Sessions, sign-in accounts, e-mail tokens, consents, the credit ledger, plans, checkouts,
  // billing details and exports cascade; the payments' user link is set null.
  await deps.db.delete(user).where(eq(user.id, userId));
  return true;
}
