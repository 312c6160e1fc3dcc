import { studioMessages } from "@wonderkin/contract";
import type { PhotoRow } from "../../photos/photo-record";
import { type StudioDeps, webhookUrlFor } from "../studio-deps";

/** Shown when the provider would not even take the training: the parent can simply retry. */
const PROVIDER_UNAVAILABLE = "The training service didn't answer. Try again in a few minutes.";
const TRAINING_PHOTOS_UNREADABLE =
  "Some photos could not be read from storage. Start the training again; if it happens again, please contact support.";

/**
 * Hands a child's photos to the image model and answers the provider's training id, for the first
 * training and for a yearly update alike. A hand-over that cannot start is recorded through
 * `markFailed` (the parent reads the reason) and answers null, or throws when the job should fail
 * and be logged too (files missing, provider down).
 */
export async function handOverPhotos(
  deps: Pick<StudioDeps, "storage" | "imageModel" | "env">,
  options: {
    childId: number;
    triggerWord: string;
    photos: PhotoRow[];
    minPhotos: number;
    markFailed: (reason: string) => Promise<void>;
    /** 0–99 while the local model trains (the provider reports through its webhook instead). */
    onProgress: (percent: number) => Promise<void>;
  },
): Promise<string | null> {
  const files = await Promise.all(options.photos.map((photo) => deps.storage.get(photo.storageKey)));
  const bytes = files.filter((file): file is Buffer => file !== null);
  const missing = files.length - bytes.length;
  if (missing > 0) {
    // Rows without their files: storage that this process cannot see (a DATA_DIR on another host)
    // or files lost. Say so, rather than "not enough photos"; the job failure is logged.
    await options.markFailed(TRAINING_PHOTOS_UNREADABLE);
    throw new Error(`${missing} of ${files.length} training photos are missing from storage`);
  }
  if (bytes.length < options.minPhotos) {
    await options.markFailed(studioMessages.notEnoughPhotos.replace("{min}", String(options.minPhotos)));
    return null;
  }
  try {
    const { trainingId } = await deps.imageModel.startTraining({
      childId: options.childId,
      triggerWord: options.triggerWord,
      photos: bytes.map((file) => ({ bytes: file })),
      webhookUrl: webhookUrlFor(deps),
      onProgress: (percent) => options.onProgress(Math.min(99, Math.max(0, Math.round(percent)))),
    });
    return trainingId;
  } catch (error) {
    await options.markFailed(PROVIDER_UNAVAILABLE);
    throw error;
  }
}
