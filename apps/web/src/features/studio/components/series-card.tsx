import { findStyle, type PortraitSeries, portraitPictureUrl } from "@wonderkin/contract";
import { CalendarHeart, Download, ImageOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/error-message";
import { useEndPortraitSeries } from "../api/portrait-series";
import { longDate, reminderWords } from "../lib/series-words";

/**
 * One yearly series: when it reminds, its years side by side (each year's favourite portrait of the
 * style, else its newest; a year without one says so), its A4 poster, and the way to end it.
 */
export function SeriesCard({
  series,
  childName,
  familyId,
  canEnd,
  remindersByEmail,
}: {
  series: PortraitSeries;
  childName: string;
  familyId: string;
  canEnd: boolean;
  remindersByEmail: boolean;
}) {
  const styleName = findStyle(series.styleId)?.title ?? series.styleId;
  const end = useEndPortraitSeries(familyId, series.childId);
  const [confirming, setConfirming] = useState(false);
  const headingId = `series-${series.id}`;
  const thisYear = series.years.at(-1)?.year;
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl bg-canvas p-4 ring-1 ring-line"
      aria-labelledby={headingId}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
            <CalendarHeart aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="font-semibold wrap-anywhere text-ink">
              {styleName}
            </h3>
            <p className="text-sm text-muted">
              {remindersByEmail
                ? `We e-mail you ${reminderWords(childName, series.remindOn)} for a few of this year's photos, to make this year's portrait. Next: ${longDate(series.nextReminderOn)}.`
                : `Reminders are off for your account (${reminderWords(childName, series.remindOn)}). Turn them on in your account settings.`}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {series.posterUrl ? (
            <Button asChild variant="secondary" size="sm">
              <a href={series.posterUrl} download>
                <Download aria-hidden /> Poster (A4 PDF)
              </a>
            </Button>
          ) : null}
          {canEnd ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              End series
            </Button>
          ) : null}
        </div>
      </div>
      <ol className="flex gap-3 overflow-x-auto pb-1" aria-label={`${styleName}, year by year`}>
        {series.years.map(({ year, portrait }) => (
          <li key={year} className="flex w-28 shrink-0 flex-col items-center gap-1.5 sm:w-32">
            {portrait ? (
              <img
                src={portraitPictureUrl(portrait.url, "thumbnail")}
                alt={`${childName} as ${styleName}, ${year}`}
                loading="lazy"
                width={portrait.width ?? undefined}
                height={portrait.height ?? undefined}
                className="aspect-4/5 h-auto w-full rounded-xl object-cover shadow-sm ring-1 ring-line"
              />
            ) : (
              <div className="grid aspect-4/5 w-full place-items-center rounded-xl border border-dashed border-line bg-surface p-2 text-center text-xs text-muted">
                <span className="flex flex-col items-center gap-1">
                  <ImageOff aria-hidden className="size-4" />
                  No portrait made in {year}
                  {canEnd && year === thisYear ? (
                    <Link
                      to={`${paths.magicStudio(series.childId)}?style=${encodeURIComponent(series.styleId)}`}
                      className="font-semibold text-primary-700 hover:underline"
                    >
                      Make it now
                    </Link>
                  ) : null}
                </span>
              </div>
            )}
            <span className="text-sm font-semibold text-primary-700">{year}</span>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) end.reset();
        }}
        title={`End the ${styleName} series?`}
        description={`No more yearly reminders for it. ${childName}'s portraits stay in the gallery.`}
        confirmLabel="End series"
        pending={end.isPending}
        error={end.isError ? errorMessage(end.error, "We couldn't end this series.") : undefined}
        onConfirm={() => end.mutate(series.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}
