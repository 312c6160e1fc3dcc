import {
  findStyle,
  oneClickUnsubscribePath,
  unsubscribePagePath,
  yearlyPhotosNeeded,
  yearlyUpdateAvailableOn,
} from "@wonderkin/contract";
import { and, asc, eq, gt } from "drizzle-orm";
import { child, member, portraitSeries, portraitSeriesReminder, user } from "../../../db/schema";
import { seriesReminderEmail } from "../../../emails";
import { type BatchOptions, walkInBatches } from "../../../lib/walk-in-batches";
import { isOptedOut, unsubscribeToken } from "../../mail/email-opt-out";
import type { KeepsakeDeps } from "../keepsake-deps";
import { dueReminderYear } from "./series-dates";
import { type SeriesRow, seriesDayOf } from "./series-record";

export type SeriesReminderDeps = Pick<KeepsakeDeps, "db" | "mailer" | "env"> & {
  /** The server's secret, which signs the unsubscribe links. */
  secret: string;
};

type Recipient = { id: string; email: string; firstName: string };

/**
 * Who a series reminds: the parent who made it while they are still in the family; otherwise the
 * family's owner (the series belongs to the family, not to one parent).
 */
async function recipientOf(deps: SeriesReminderDeps, row: SeriesRow): Promise<Recipient | null> {
  const people = await deps.db
    .select({ id: user.id, email: user.email, firstName: user.firstName, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, row.organizationId));
  const maker = people.find((person) => person.id === row.createdByUserId);
  return maker ?? people.find((person) => person.role === "owner") ?? null;
}

/** The one-click and the page addresses of a parent's unsubscribe link. */
export function unsubscribeLinks(deps: Pick<SeriesReminderDeps, "env" | "secret">, userId: string) {
  const token = unsubscribeToken(deps.secret, userId, "series-reminders");
  return {
    oneClick: `${deps.env.publicUrl}${oneClickUnsubscribePath}?token=${token}`,
    page: `${deps.env.publicUrl}${unsubscribePagePath}?token=${token}`,
  };
}

/**
 * The scheduled job of "grow with me" (decision 0068): every series whose yearly day has come (see
 * `dueReminderYear`) reminds its parent once for that year. The year is taken first, by inserting
 * its row under the (series, year) primary key: a second run, a retried job or a second worker
 * finds it taken and sends nothing. If the e-mail then fails, the row is given back so the next
 * run tries again. Parents who turned the reminders off are skipped without taking the year, so
 * turning them back on within the grace period still brings this year's. A deleted series or child
 * has no row left to find.
 */
export async function sendSeriesReminders(
  deps: SeriesReminderDeps,
  now = new Date(),
  options: BatchOptions = {},
): Promise<{ sent: number; optedOut: number; failed: number }> {
  const outcome = { sent: 0, optedOut: 0, failed: 0 };
  const failures: unknown[] = [];
  await walkInBatches({
    batchSize: options.batchSize,
    read: (after: string | undefined, limit) =>
      deps.db
        .select({
          series: portraitSeries,
          childName: child.firstName,
          trainingStatus: child.trainingStatus,
          trainingCompletedAt: child.trainingCompletedAt,
        })
        .from(portraitSeries)
        .innerJoin(child, eq(child.id, portraitSeries.childId))
        .where(after === undefined ? undefined : gt(portraitSeries.id, after))
        .orderBy(asc(portraitSeries.id))
        .limit(limit),
    keyOf: (row) => row.series.id,
    async handle(rows) {
      for (const { series, childName, ...kid } of rows) {
        const year = dueReminderYear(seriesDayOf(series), series.createdAt, now);
        if (year === null) continue;
        const recipient = await recipientOf(deps, series);
        if (!recipient) continue;
        if (await isOptedOut(deps.db, recipient.id, "series-reminders")) {
          outcome.optedOut += 1;
          continue;
        }
        const [taken] = await deps.db
          .insert(portraitSeriesReminder)
          .values({ seriesId: series.id, year, sentToUserId: recipient.id, sentAt: now })
          .onConflictDoNothing()
          .returning({ year: portraitSeriesReminder.year });
        if (!taken) continue;
        try {
          await sendReminder(deps, {
            series,
            childName,
            year,
            recipient,
            askForPhotos: updateDue(deps, kid, now),
          });
          outcome.sent += 1;
        } catch (error) {
          await deps.db
            .delete(portraitSeriesReminder)
            .where(
              and(eq(portraitSeriesReminder.seriesId, series.id), eq(portraitSeriesReminder.year, year)),
            );
          outcome.failed += 1;
          failures.push(error);
        }
      }
    },
  });
  // Every other reminder went; the job fails so the queue retries (and the logs say why).
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} series reminder(s) could not be sent`);
  }
  return outcome;
}

/**
 * Whether the reminder asks for this year's photos: the child's model can be updated now (decision
 * 0069). A model updated lately (for another series' day, say) is this year's already: the reminder
 * then asks for the portrait alone.
 */
function updateDue(
  deps: Pick<SeriesReminderDeps, "env">,
  kid: { trainingStatus: string | null; trainingCompletedAt: Date | null },
  now: Date,
): boolean {
  const availableOn = yearlyUpdateAvailableOn(kid, deps.env.YEARLY_UPDATE_MIN_DAYS);
  return availableOn !== null && availableOn <= now.toISOString().slice(0, 10);
}

async function sendReminder(
  deps: SeriesReminderDeps,
  options: {
    series: SeriesRow;
    childName: string;
    year: number;
    recipient: Recipient;
    askForPhotos: boolean;
  },
): Promise<void> {
  const { series, recipient } = options;
  const links = unsubscribeLinks(deps, recipient.id);
  const child = `${deps.env.publicUrl}/kids/children/${series.childId}`;
  const family = `family=${encodeURIComponent(series.organizationId)}`;
  const studioUrl = `${child}/magic-studio?style=${encodeURIComponent(series.styleId)}&${family}`;
  const photosUrl = options.askForPhotos
    ? `${deps.env.publicUrl}/kids/upload-images?child=${series.childId}&${family}`
    : null;
  await deps.mailer.send({
    to: recipient.email,
    kind: "series-reminder",
    link: photosUrl ?? studioUrl,
    unsubscribeUrl: links.oneClick,
    ...seriesReminderEmail({
      appName: deps.env.APP_NAME,
      firstName: recipient.firstName,
      childName: options.childName,
      styleName: findStyle(series.styleId)?.title ?? series.styleId,
      occasion: series.remindSource === "birthday" ? "birthday" : "chosen",
      year: options.year,
      photosUrl,
      photosNeeded: yearlyPhotosNeeded(deps.env.PHOTOS_MIN_PER_CHILD),
      studioUrl,
      yearsUrl: `${child}/through-the-years?${family}`,
      unsubscribeUrl: links.page,
    }),
  });
}
