import { and, asc, eq, inArray } from "drizzle-orm";
import { zipSync } from "fflate";
import {
  account,
  addOnLedger,
  analyticsEvent,
  analyticsIdentify,
  analyticsProfile,
  billingDetails,
  child,
  childPhoto,
  creditLedger,
  dataExport,
  generatedImage,
  member,
  organization,
  parentalConsent,
  payment,
  portraitShare,
  portraitVideo,
  studioIntroSeen,
  subscription,
  user,
} from "../../db/schema";
import { dataExportReadyEmail } from "../../emails";
import { currentAge } from "../children/child-record";
import { shareUrl } from "../studio/portrait-share-record";
import { EXPORT_RETENTION_DAYS, exportDownloadName, stillPending } from "./data-export";
import { exportKey } from "./export-storage-keys";
import type { PrivacyDeps } from "./privacy-deps";

/** How long the link in the e-mail works; the privacy page gives fresh ones until the export expires. */
export const EXPORT_LINK_TTL_SECONDS = 24 * 60 * 60;

/** `12-luna`: readable, unique per child, safe in any zip tool. */
function childFolder(row: { id: number; firstName: string }): string {
  const slug = row.firstName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug ? `${row.id}-${slug}` : String(row.id);
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** "active" (opens the portrait now), "stopped" (a parent stopped it) or "expired". */
function shareLinkStatus(link: { expiresAt: Date; revokedAt: Date | null }, now: Date) {
  if (link.revokedAt && link.revokedAt < link.expiresAt) return "stopped";
  return link.expiresAt <= now ? "expired" : "active";
}

/**
 * Everything the product keeps about one parent, read in one go: their account, families and
 * memberships, the children of those families (with their photos and portraits), consents, credits,
 * plans, payments, billing details and analytics. Only families the parent belongs to are read.
 */
async function collect(deps: PrivacyDeps, userId: string) {
  const { db } = deps;
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
    consents,
    ledger,
    addOns,
    plans,
    payments,
    details,
    events,
    attribution,
    profile,
  };
}

type Collected = NonNullable<Awaited<ReturnType<typeof collect>>>;

/** export.json: every record, with the path in the zip of each file that came along. */
function exportDocument(data: Collected, files: Map<string, string>, now: Date, deps: { publicUrl: string }) {
  const { person } = data;
  return {
    format: "wonderkin-data-export",
    version: 1,
    exportedAt: now.toISOString(),
    account: {
      id: person.id,
      email: person.email,
      emailVerified: person.emailVerified,
      firstName: person.firstName,
      lastName: person.lastName,
      displayName: person.name,
      avatarUrl: person.image,
      credits: person.totalCredits,
      createdAt: iso(person.createdAt),
      updatedAt: iso(person.updatedAt),
      signInMethods: data.signIns.map((row) => ({ provider: row.providerId, since: iso(row.createdAt) })),
    },
    families: data.memberships.map((row) => ({
      id: row.familyId,
      name: row.name,
      createdAt: iso(row.createdAt),
      yourRole: row.role,
      joinedAt: iso(row.joinedAt),
    })),
    children: data.children.map((row) => ({
      id: row.id,
      familyId: row.organizationId,
      firstName: row.firstName,
      gender: row.gender,
      birthDate: row.birthDate,
      age: currentAge(row),
      addedAt: iso(row.createdAt),
      addedByYou: row.createdByUserId === person.id,
      training: {
        status: row.trainingStatus,
        startedAt: iso(row.trainingStartedAt),
        completedAt: iso(row.trainingCompletedAt),
      },
      studioIntroSeenByYouAt: iso(data.introsSeen.find((seen) => seen.childId === row.id)?.seenAt),
      photos: data.photos
        .filter((photo) => photo.childId === row.id)
        .map((photo) => ({
          id: photo.id,
          file: files.get(photo.storageKey) ?? null,
          width: photo.width,
          height: photo.height,
          byteSize: photo.byteSize,
          originalName: photo.originalName,
          uploadedAt: iso(photo.createdAt),
          uploadedByYou: photo.uploadedByUserId === person.id,
        })),
      portraits: data.portraits
        .filter((image) => image.childId === row.id)
        .map((image) => ({
          id: image.id,
          // "preview": made free from a few photos while the child's model trained.
          kind: image.kind,
          file: image.storageKey ? (files.get(image.storageKey) ?? null) : null,
          styleId: image.styleId,
          watermarked: image.watermarked,
          width: image.width,
          height: image.height,
          createdAt: iso(image.createdAt),
          completedAt: iso(image.completedAt),
          requestedByYou: image.requestedByUserId === person.id,
          favouriteSince: iso(image.favouriteAt),
          shareLinks: data.shareLinks
            .filter((link) => link.imageId === image.id)
            .map((link) => ({
              address: shareUrl(deps.publicUrl, link.token),
              status: shareLinkStatus(link, now),
              createdAt: iso(link.createdAt),
              expiresAt: iso(link.expiresAt),
              stoppedAt: iso(link.revokedAt),
              createdByYou: link.createdByUserId === person.id,
            })),
          // Its short animated clips ("Create video"), as animated WebP files.
          videos: data.videos
            .filter((video) => video.imageId === image.id)
            .map((video) => ({
              id: video.id,
              file: video.storageKey ? (files.get(video.storageKey) ?? null) : null,
              width: video.width,
              height: video.height,
              frames: video.frames,
              durationMs: video.durationMs,
              createdAt: iso(video.createdAt),
            })),
        })),
    })),
    consents: data.consents.map((row) => ({
      version: row.version,
      acceptedAt: iso(row.acceptedAt),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    credits: {
      balance: person.totalCredits,
      ledger: data.ledger.map((row) => ({
        at: iso(row.createdAt),
        change: row.delta,
        kind: row.kind,
        note: row.note,
        balanceAfter: row.balanceAfter,
      })),
    },
    // The Magician add-ons bought and used: ready-to-print files and video clips.
    addOns: data.addOns.map((row) => ({
      at: iso(row.createdAt),
      unit: row.unit,
      change: row.delta,
      kind: row.kind,
      note: row.note,
      balanceAfter: row.balanceAfter,
    })),
    subscriptions: data.plans.map((row) => ({
      id: row.id,
      planId: row.planId,
      billingCycle: row.billingCycle,
      status: row.status,
      provider: row.provider,
      currentPeriodStart: iso(row.currentPeriodStart),
      currentPeriodEnd: iso(row.currentPeriodEnd),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      cancelledAt: iso(row.cancelledAt),
      endedAt: iso(row.endedAt),
      createdAt: iso(row.createdAt),
    })),
    payments: data.payments.map((row) => ({
      id: row.id,
      description: row.description,
      amountCents: row.amountCents,
      currency: row.currency,
      provider: row.provider,
      receiptUrl: row.receiptUrl,
      paidAt: iso(row.paidAt),
    })),
    billingDetails: data.details[0]
      ? {
          name: data.details[0].name,
          addressLine: data.details[0].addressLine,
          city: data.details[0].city,
          postalCode: data.details[0].postalCode,
          country: data.details[0].country,
          taxId: data.details[0].taxId,
        }
      : null,
    analytics: {
      events: data.events.map((row) => ({
        name: row.name,
        properties: row.properties,
        at: iso(row.createdAt),
      })),
      attribution: data.attribution.map((row) => ({ attribution: row.attribution, at: iso(row.createdAt) })),
      profile: data.profile[0]?.data ?? null,
    },
  };
}

const README = (appName: string) =>
  `Your ${appName} data export

export.json    every record we keep about you: your account, families, children, consents,
               credits, plans, payments, billing details and analytics.
photos/        the training photos of each child in your families, one folder per child.
portraits/     the portraits made of each child, one folder per child, with the free previews
               made while the child's model trained ("kind": "preview" in export.json), and the
               short animated clips made of portraits ("Create video", *-video-*.webp).
               Each portrait's "shareLinks" in export.json are the private links your family made
               to it ("Copy link"): anyone with an "active" address can see that one picture until
               it expires; stop sharing it in the gallery.

These are your children's photos: keep this file somewhere private.

Not in this file: the face descriptors and age estimates we compute from each photo to check that
every photo and portrait shows your child. They are biometric data, so they never leave our
database (not even into this export); they are deleted with the photo, and your child's reference
face with your child.
`;

/**
 * The export job: reads everything (collect), copies every training photo and portrait into the
 * zip (reporting progress as it goes), stores it under exports/{userId}/ and marks it ready for
 * EXPORT_RETENTION_DAYS, then e-mails the parent a signed link. Any failure marks it failed, so the
 * parent can ask again.
 */
export async function buildDataExport(deps: PrivacyDeps, exportId: string, now = new Date()): Promise<void> {
  const [row] = await deps.db.select().from(dataExport).where(eq(dataExport.id, exportId));
  if (row?.status !== "pending") return;
  const progress = async (percent: number) => {
    await deps.db.update(dataExport).set({ progress: percent }).where(stillPending(exportId));
  };
  const key = exportKey(row.userId, exportId);
  let ready: typeof row | undefined;
  let person: Collected["person"] | undefined;
  try {
    const data = await collect(deps, row.userId);
    if (!data) return;
    person = data.person;
    await progress(5);

    const folders = new Map(data.children.map((entry) => [entry.id, childFolder(entry)]));
    const wanted = [
      ...data.photos.map((photo) => ({
        key: photo.storageKey,
        path: `photos/${folders.get(photo.childId)}/${photo.id}.jpg`,
      })),
      ...data.portraits.flatMap((image) =>
        image.storageKey
          ? [{ key: image.storageKey, path: `portraits/${folders.get(image.childId)}/${image.id}.jpg` }]
          : [],
      ),
      ...data.videos.flatMap((video) =>
        video.storageKey
          ? [
              {
                key: video.storageKey,
                path: `portraits/${folders.get(video.childId)}/${video.imageId}-video-${video.id}.webp`,
              },
            ]
          : [],
      ),
    ];
    const entries: Record<string, Uint8Array> = {};
    const files = new Map<string, string>();
    let reported = 5;
    for (const [index, file] of wanted.entries()) {
      const bytes = await deps.storage.get(file.key);
      if (bytes) {
        entries[file.path] = bytes;
        files.set(file.key, file.path);
      }
      const percent = 5 + Math.floor((85 * (index + 1)) / wanted.length);
      if (percent >= reported + 5) {
        reported = percent;
        await progress(percent);
      }
    }
    const document = exportDocument(data, files, now, { publicUrl: deps.env.publicUrl });
    entries["export.json"] = new TextEncoder().encode(JSON.stringify(document, null, 2));
    entries["README.txt"] = new TextEncoder().encode(README(deps.env.APP_NAME));
    // Photos are JPEGs already: storing them spares the CPU and changes nothing in size.
    const zip = Buffer.from(zipSync(entries, { level: 0, mtime: now }));
    await progress(95);
    await deps.storage.put(key, zip, "application/zip");

    const expiresAt = new Date(now.getTime() + EXPORT_RETENTION_DAYS * 86_400_000);
    [ready] = await deps.db
      .update(dataExport)
      .set({ status: "ready", progress: 100, storageKey: key, byteSize: zip.length, readyAt: now, expiresAt })
      .where(stillPending(exportId))
      .returning();
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    await deps.db
      .update(dataExport)
      .set({ status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "failed" })
      .where(stillPending(exportId));
    throw error;
  }
  if (!ready?.expiresAt || !person) {
    // The account (or the export) went meanwhile: the file must not outlive it.
    await deps.storage.delete([key]);
    return;
  }
  const signed = await deps.storage.signedUrl(key, {
    downloadName: exportDownloadName(deps.env.APP_NAME, ready),
    expiresInSeconds: EXPORT_LINK_TTL_SECONDS,
  });
  const url = signed.startsWith("/") ? `${deps.env.publicUrl}${signed}` : signed;
  await deps.mailer.send({
    to: person.email,
    kind: "data-export-ready",
    link: url,
    ...dataExportReadyEmail({
      appName: deps.env.APP_NAME,
      firstName: person.firstName,
      url,
      linkValidFor: "24 hours",
      availableUntil: ready.expiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, ""),
      accountUrl: `${deps.env.publicUrl}/account/settings`,
    }),
  });
}
