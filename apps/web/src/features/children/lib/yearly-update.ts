import type { UploadedPhoto } from "@wonderkin/contract";

/** Today's date on the server's calendar (UTC, YYYY-MM-DD), the one `availableOn` is written in. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The model is still too new to update: `availableOn` (YYYY-MM-DD) has not come yet. */
export function updateTooSoon(availableOn: string | null, today: string = todayUtc()): boolean {
  // Dates written YYYY-MM-DD compare as strings.
  return availableOn !== null && today < availableOn;
}

/**
 * This year's photos: the ones added after the model in use started training, which are what an update
 * trains on. Without a known training date every photo counts.
 */
export function photosSince(photos: readonly UploadedPhoto[], trainedAt: string | null): UploadedPhoto[] {
  if (trainedAt === null) return [...photos];
  const since = Date.parse(trainedAt);
  return photos.filter((photo) => Date.parse(photo.createdAt) > since);
}

// A calendar day is read in UTC, as written: the reader's time zone would move it a day for some.
const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "14 March 2027" (in the reader's own format), from YYYY-MM-DD. */
export function friendlyDay(isoDay: string): string {
  return dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

/** Whether the update can be started now, from this page. */
export function canStartYearlyUpdate(options: {
  newPhotoCount: number;
  minPhotos: number;
  uploading: boolean;
  mayStart: boolean;
  started: boolean;
}): boolean {
  return (
    options.mayStart && !options.uploading && !options.started && options.newPhotoCount >= options.minPhotos
  );
}
