import type { GeneratedImage } from "@wonderkin/contract";
import { isActive } from "./gallery";

/** While portraits are being made, their state is read this often. */
export const PREDICTION_POLL_MS = 1_000;
/** After failed reads, wait longer between tries, up to this. */
export const PREDICTION_POLL_MAX_BACKOFF_MS = 15_000;
/** A portrait still not done after this long is stuck: the server is asked to settle it. */
export const STUCK_AFTER_MS = 3 * 60_000;
/** The prediction-status endpoint takes at most this many ids per call. */
export const MAX_POLLED_IDS = 50;

/** The portraits to watch: those still being made, oldest last, at most one call's worth. */
export function imagesToPoll(images: readonly GeneratedImage[]): string[] {
  return images
    .filter(isActive)
    .slice(0, MAX_POLLED_IDS)
    .map((image) => image.id);
}

/**
 * When to read the watched portraits again: soon while any is still being made, never once all
 * are done (succeeded, failed or gone), and more slowly after failed reads.
 */
export function predictionPollInterval(
  polled: readonly GeneratedImage[] | undefined,
  failureCount: number,
): number | false {
  if (polled === undefined) {
    if (failureCount === 0) return PREDICTION_POLL_MS;
    return Math.min(PREDICTION_POLL_MS * 2 ** failureCount, PREDICTION_POLL_MAX_BACKOFF_MS);
  }
  return polled.some(isActive) ? PREDICTION_POLL_MS : false;
}

/** Still being made long after it should have been done. */
export function isStuck(image: Pick<GeneratedImage, "status" | "createdAt">, now: number): boolean {
  if (!isActive(image)) return false;
  const createdAt = Date.parse(image.createdAt);
  return Number.isFinite(createdAt) && now - createdAt > STUCK_AFTER_MS;
}

/**
 * The portraits to report to the server (regenerate-error: it checks with the provider, refunds a
 * failure and tells the parent), each once: those this page saw fail while it watched them, and
 * those stuck. Failures from before the page opened were settled when they happened. Free previews
 * are never reported: there is nothing to refund, and the server drops a failed one by itself.
 */
export function imagesToSettle(
  images: readonly GeneratedImage[],
  options: { now: number; watched: ReadonlySet<string>; reported: ReadonlySet<string> },
): GeneratedImage[] {
  return images.filter(
    (image) =>
      image.kind === "portrait" &&
      !options.reported.has(image.id) &&
      ((image.status === "failed" && options.watched.has(image.id)) || isStuck(image, options.now)),
  );
}
