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
async function leaveFamilies(deps: PrivacyDeps, userId: string): Promise<void> {
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
    if (alone) await eraseFamily(deps, membership.familyId);
  }
}

/** What an invoice needs to name the payer, read while the account still exists. */
async function payerOf(deps: PrivacyDeps, row: typeof user.$inferSelect): Promise<PayerSnapshot> {
  const [details] = await deps.db.select().from(billingDetails).where(eq(billingDetails.userId, row.id));
  return {
    name: details?.name || `${row.firstName} ${row.lastName}`.trim() || row.name,
    email: row.email,
    addressLine: details?.addressLine ?? "",
    city: details?.city ?? "",
    postalCode: details?.postalCode ?? "",
    country: details?.country ?? "",
    taxId: details?.taxId ?? "",
  };
}

/**
 * Deletes an account and everything of it (decision 0019). Used by the parent's own request (after
 * re-authentication) and by the retention job for unverified accounts. Returns false when the
 * account was already gone.
 *
 * Kept: the payments, without the user link and with the payer's invoice details copied in (the
 * law requires them; they never held anything about children). Everything else goes: families the
 * parent was alone in (with children, files and models), memberships, sessions, sign-in accounts,
 * consents, the credit ledger, plans, checkouts, exports, analytics (visitors are kept anonymous).
 */
export async function eraseAccount(
  deps: PrivacyDeps,
  options: { userId: string; reason: AccountDeletionReason },
): Promise<boolean> {
  const { userId } = options;
  const [row] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!row) return false;

  await cancelSubscriptions(deps, userId);
  await leaveFamilies(deps, userId);
  await deleteFilesUnder(deps.storage, exportStoragePrefix(userId));

  const payer = await payerOf(deps, row);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payment)
      .set({ payer, subscriptionId: null, checkoutSessionId: null })
      .where(eq(payment.userId, userId));
    // A visitor is a browser, not a person: it stays, anonymous, for the attribution totals.
    await tx.update(analyticsVisitor).set({ userId: null }).where(eq(analyticsVisitor.userId, userId));
    await tx.delete(analyticsIdentify).where(eq(analyticsIdentify.userId, userId));
    await tx.delete(analyticsProfile).where(eq(analyticsProfile.userId, userId));
    await tx.delete(analyticsEvent).where(eq(analyticsEvent.userId, userId));
    // What names the address outside the rows that cascade with the user.
    await tx.delete(invitation).where(eq(invitation.email, row.email));
    await tx.delete(signInFailure).where(eq(signInFailure.email, row.email));
    await tx
      .delete(verification)
      .where(
        sql`strpos(${verification.value}, ${row.email}) > 0 or strpos(${verification.value}, ${userId}) > 0`,
      );
    // The local outbox's copies of mail to this address (the confirmation below is the last one).
    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, row.email));
  });

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
      }),
    })
    .catch((error: unknown) => deps.logger?.warn({ err: error }, "account deletion e-mail not sent"));

  // Sessions, sign-in accounts, e-mail tokens, consents, the credit ledger, plans, checkouts,
  // billing details and exports cascade; the payments' user link is set null.
  await deps.db.delete(user).where(eq(user.id, userId));
  return true;
}
