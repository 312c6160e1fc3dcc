import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  account,
  addOnLedger,
  analyticsEvent,
  analyticsIdentify,
  analyticsProfile,
  billingDetails,
  child,
  childPhoto,
  childYearlyUpdate,
  creditLedger,
  emailOptOut,
  generatedImage,
  invoice,
  member,
  organization,
  parentalConsent,
  payment,
  portraitSeries,
  portraitSeriesReminder,
  portraitShare,
  portraitVideo,
  storybook,
  studioIntroSeen,
  subscription,
  user,
} from "../../db/schema";

/**
 * Everything the product keeps about one parent, read in one go: their account, families and
 * memberships, the children of those families (with their photos, portraits, storybooks and yearly series), e-mail preferences, consents, credits,
 * plans, payments and their invoices, billing details and analytics. Only families the parent belongs to are read.
 */
export async function collectExportData(db: Database, userId: string) {
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) return null;
  const signIns = await db
    .select({ providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
  const memberships = await db
    .select({
      familyId: organization.id,
      name: organization.name,
      createdAt: organization.createdAt,
      role: member.role,
      joinedAt: member.createdAt,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt));
  const familyIds = memberships.map((row) => row.familyId);
  const children = familyIds.length
    ? await db
        .select()
        .from(child)
        .where(inArray(child.organizationId, familyIds))
        .orderBy(asc(child.createdAt), asc(child.id))
    : [];
  const childIds = children.map((row) => row.id);
  const photos = childIds.length
    ? await db
        .select()
        .from(childPhoto)
        .where(inArray(childPhoto.childId, childIds))
        .orderBy(asc(childPhoto.createdAt), asc(childPhoto.id))
    : [];
  const portraits = childIds.length
    ? await db
        .select()
        .from(generatedImage)
        .where(and(inArray(generatedImage.childId, childIds), eq(generatedImage.status, "succeeded")))
        .orderBy(asc(generatedImage.createdAt), asc(generatedImage.id))
    : [];
  // The family's share links (live, expired and stopped): their addresses opened these portraits.
  const shareLinks = familyIds.length
    ? await db
        .select()
        .from(portraitShare)
        .where(inArray(portraitShare.organizationId, familyIds))
        .orderBy(asc(portraitShare.createdAt), asc(portraitShare.token))
    : [];
  // When this parent first saw each child's studio introduction (their own record, not the family's).
  const introsSeen = await db
    .select({ childId: studioIntroSeen.childId, seenAt: studioIntroSeen.seenAt })
    .from(studioIntroSeen)
    .where(eq(studioIntroSeen.userId, userId));
  // The clips made of those portraits ("Create video").
  const videos = childIds.length
    ? await db
        .select()
        .from(portraitVideo)
        .where(and(inArray(portraitVideo.childId, childIds), eq(portraitVideo.status, "succeeded")))
        .orderBy(asc(portraitVideo.createdAt), asc(portraitVideo.id))
    : [];
  // The storybooks made of those portraits (decision 0067): the PDFs come along.
  const storybooks = childIds.length
    ? await db
        .select()
        .from(storybook)
        .where(and(inArray(storybook.childId, childIds), eq(storybook.status, "succeeded")))
        .orderBy(asc(storybook.createdAt), asc(storybook.id))
    : [];
  // The yearly series of those children (decision 0068), with the years each was reminded.
  const series = childIds.length
    ? await db
        .select()
        .from(portraitSeries)
        .where(inArray(portraitSeries.childId, childIds))
        .orderBy(asc(portraitSeries.createdAt), asc(portraitSeries.id))
    : [];
  // Their models' yearly updates (decision 0069): when each ran and how it ended (the reference
  // face it carried is biometric and held only while it runs, so there is none to export).
  const yearlyUpdates = childIds.length
    ? await db
        .select({
          childId: childYearlyUpdate.childId,
          status: childYearlyUpdate.status,
          photoCount: sql<number>`jsonb_array_length(${childYearlyUpdate.photoIds})`.mapWith(Number),
          startedByUserId: childYearlyUpdate.startedByUserId,
          startedAt: childYearlyUpdate.startedAt,
          completedAt: childYearlyUpdate.completedAt,
          seriesRenders: childYearlyUpdate.seriesRenders,
        })
        .from(childYearlyUpdate)
        .where(inArray(childYearlyUpdate.childId, childIds))
        .orderBy(asc(childYearlyUpdate.startedAt))
    : [];
  const seriesReminders = series.length
    ? await db
        .select()
        .from(portraitSeriesReminder)
        .where(
          inArray(
            portraitSeriesReminder.seriesId,
            series.map((row) => row.id),
          ),
        )
        .orderBy(asc(portraitSeriesReminder.year))
    : [];
  // The kinds of e-mail this parent turned off.
  const emailOptOuts = await db.select().from(emailOptOut).where(eq(emailOptOut.userId, userId));
  const [consents, ledger, addOns, plans, payments, details, events, attribution, profile] =
    await Promise.all([
      db
        .select()
        .from(parentalConsent)
        .where(eq(parentalConsent.userId, userId))
        .orderBy(asc(parentalConsent.acceptedAt)),
      db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id)),
      db.select().from(addOnLedger).where(eq(addOnLedger.userId, userId)).orderBy(asc(addOnLedger.id)),
      db
        .select()
        .from(subscription)
        .where(eq(subscription.userId, userId))
        .orderBy(asc(subscription.createdAt)),
      db.select().from(payment).where(eq(payment.userId, userId)).orderBy(asc(payment.paidAt)),
      db.select().from(billingDetails).where(eq(billingDetails.userId, userId)),
      db
        .select()
        .from(analyticsEvent)
        .where(eq(analyticsEvent.userId, userId))
        .orderBy(asc(analyticsEvent.id)),
      db
        .select()
        .from(analyticsIdentify)
        .where(eq(analyticsIdentify.userId, userId))
        .orderBy(asc(analyticsIdentify.id)),
      db.select().from(analyticsProfile).where(eq(analyticsProfile.userId, userId)),
    ]);
  // The invoice of each payment as issued (decision 0053); the zip also carries their PDFs.
  const invoices = await db
    .select({ invoice, paidAt: payment.paidAt, provider: payment.provider })
    .from(invoice)
    .innerJoin(payment, eq(payment.id, invoice.paymentId))
    .where(eq(payment.userId, userId))
    .orderBy(asc(invoice.issuedAt), asc(invoice.number));
  return {
    person,
    signIns,
    memberships,
    children,
    photos,
    portraits,
    shareLinks,
    introsSeen,
    videos,
    storybooks,
    series,
    seriesReminders,
    yearlyUpdates,
    emailOptOuts,
    consents,
    ledger,
    addOns,
    plans,
    payments,
    invoices,
    details,
    events,
    attribution,
    profile,
  };
}

/** What one export holds, as read from the database. */
export type ExportData = NonNullable<Awaited<ReturnType<typeof collectExportData>>>;
