import { currentAge } from "../children/child-record";
import { ownPictureVersion, profilePictureKey } from "../profile-picture/profile-picture-address";
import { shareUrl } from "../studio/sharing";
import type { ExportData } from "./collect-export-data";

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** "active" (opens the portrait now), "stopped" (a parent stopped it) or "expired". */
function shareLinkStatus(link: { expiresAt: Date; revokedAt: Date | null }, now: Date) {
  if (link.revokedAt && link.revokedAt < link.expiresAt) return "stopped";
  return link.expiresAt <= now ? "expired" : "active";
}

/** Where an invoice's PDF is in the zip. */
export const invoiceExportPath = (number: string) => `invoices/${number}.pdf`;

/** export.json: every record, with the path in the zip of each file that came along. */
export function exportDocument(
  data: ExportData,
  files: Map<string, string>,
  now: Date,
  deps: { publicUrl: string },
) {
  const { person } = data;
  const pictureVersion = ownPictureVersion(person.id, person.image);
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
      // An uploaded picture is a file of the zip (decision 0059); a social profile's address is kept as it was.
      avatarUrl: pictureVersion ? null : person.image,
      picture: pictureVersion ? (files.get(profilePictureKey(person.id, pictureVersion)) ?? null) : null,
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
              caption: link.caption,
              createdByYou: link.createdByUserId === person.id,
            })),
          // Its short clips ("Create video"): MP4 videos (animated WebP files before decision 0057).
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
      // Printable storybooks of the child's portraits (decision 0067); each PDF is in the zip.
      storybooks: data.storybooks
        .filter((book) => book.childId === row.id)
        .map((book) => ({
          id: book.id,
          title: book.title,
          format: book.format,
          file: book.storageKey ? (files.get(book.storageKey) ?? null) : null,
          portraits: book.pages.map((page) => page.imageId),
          orderedAt: iso(book.createdAt),
          madeAt: iso(book.completedAt),
          orderedByYou: book.requestedByUserId === person.id,
        })),
      // Styles made a yearly series (decision 0068): the reminder's day and the years it went out.
      yearlySeries: data.series
        .filter((series) => series.childId === row.id)
        .map((series) => ({
          styleId: series.styleId,
          remindOn: { month: series.remindMonth, day: series.remindDay, from: series.remindSource },
          createdAt: iso(series.createdAt),
          createdByYou: series.createdByUserId === person.id,
          remindedYears: data.seriesReminders
            .filter((reminder) => reminder.seriesId === series.id)
            .map((reminder) => ({
              year: reminder.year,
              sentAt: iso(reminder.sentAt),
              toYou: reminder.sentToUserId === person.id,
            })),
        })),
      // The model trained again from a year's photos (decision 0069), oldest first.
      yearlyUpdates: data.yearlyUpdates
        .filter((update) => update.childId === row.id)
        .map((update) => ({
          status: update.status,
          photos: update.photoCount,
          startedAt: iso(update.startedAt),
          completedAt: iso(update.completedAt),
          startedByYou: update.startedByUserId === person.id,
          seriesPortraits: update.seriesRenders,
        })),
    })),
    emailPreferences: {
      turnedOff: data.emailOptOuts.map((row) => ({ kind: row.kind, since: iso(row.createdAt) })),
    },
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
    invoices: data.invoices.map(({ invoice: row }) => ({
      number: row.number,
      paymentId: row.paymentId,
      issuedAt: iso(row.issuedAt),
      seller: row.seller,
      buyer: row.buyer,
      lines: row.lines,
      currency: row.currency,
      netCents: row.netCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
      taxRatePercent: row.taxRateBasisPoints / 100,
      taxLabel: row.taxLabel,
      stripeInvoiceUrl: row.providerInvoiceUrl,
      file: invoiceExportPath(row.number),
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
