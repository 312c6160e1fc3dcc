import type { GeneratedImage, Previews } from "@wonderkin/contract";
import { sameImageState } from "@/entities/studio/image-state";
import { refetchBeforeMediaExpires, signedUrlExpiry } from "@/lib/signed-media";

/** While previews are being made, the set is read this often: each tile fills in as it is done. */
export const PREVIEWS_MAKING_POLL_MS = 2_000;
/**
 * While the model trains, the set is read this often even when there is none (or it is done): the
 * server starts one as soon as the photos allow, and again at the start of training when the photos
 * have changed much since the last.
 */
export const PREVIEWS_TRAINING_POLL_MS = 3_000;
/** A shown address is kept over a fresh one until it is this close to expiring. */
const KEEP_ADDRESS_MS = 2 * 60_000;

/**
 * When to read a child's previews again: soon while some are being made, steadily while the model
 * trains, and otherwise only to renew the finished pictures' signed addresses before they expire.
 */
export function previewsPollInterval(
  previews: Previews | undefined,
  options: { trainingRunning: boolean },
): number | false {
  if (previews?.status === "making") return PREVIEWS_MAKING_POLL_MS;
  if (options.trainingRunning) return PREVIEWS_TRAINING_POLL_MS;
  return previews?.status === "ready" ? refetchBeforeMediaExpires(previews.images) : false;
}

/** When the preview's one address (every size of its picture) stops working. */
function addressesLastUntil(image: GeneratedImage): number {
  return (image.url ? signedUrlExpiry(image.url) : null) ?? Number.POSITIVE_INFINITY;
}

/**
 * The set just read, keeping the copy already shown of every preview whose state did not change
 * and whose addresses still have a while to run: polling every few seconds would otherwise give
 * each picture a new signed address, and the browser would download it again every time. The
 * whole previous set comes back when nothing changed, so nothing re-renders.
 */
export function keepShownPreviews(
  previous: Previews | undefined,
  next: Previews,
  now: number = Date.now(),
): Previews {
  if (!previous) return next;
  const shown = new Map(previous.images.map((image) => [image.id, image]));
  const images = next.images.map((image) => {
    const earlier = shown.get(image.id);
    return earlier && sameImageState(earlier, image) && addressesLastUntil(earlier) - now > KEEP_ADDRESS_MS
      ? earlier
      : image;
  });
  const unchanged =
    previous.status === next.status &&
    previous.byEmail === next.byEmail &&
    previous.swapsLeft === next.swapsLeft &&
    images.length === previous.images.length &&
    images.every((image, index) => image === previous.images[index]);
  return unchanged ? previous : { ...next, images };
}

/** The set without one preview (deleted from the gallery or the viewer). */
export function withoutPreview(previews: Previews | undefined, imageId: string): Previews | undefined {
  if (!previews?.images.some((image) => image.id === imageId)) return previews;
  const images = previews.images.filter((image) => image.id !== imageId);
  // The last one deleted: nothing is left to show.
  return { ...previews, images, status: images.length === 0 ? "none" : previews.status };
}
