import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { GENERATION_MAX_COUNT, generateEndpoint, predictionStatusEndpoint } from "@wonderkin/contract";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import { callEndpoint, ensureCredits, parentWithTrainedChild, type StudioParent } from "./studio-parent";

/** Magician: 100 credits; top-ups buy more when a gallery is bigger. */
const PLAN_ID = 1;
const STYLE_ID = "astronaut";
/** As few as the product is told to accept (PHOTOS_MIN_PER_CHILD). */
export const GALLERY_PHOTOS = 3;
const POLL_MS = 250;
/** Only to end a run that hangs: far beyond any plausible rendering time. */
const timeoutMs = (portraits: number) => 60_000 + 5_000 * portraits;

/**
 * A parent whose trained child has `portraits` finished portraits, set up through the HTTP API as
 * the web app does it (see parentWithTrainedChild), the portraits asked for in calls of four and
 * rendered by the local image model. Answers once every one has succeeded, so that nothing renders
 * while the gallery is measured. Needs the app to run its worker and to accept GALLERY_PHOTOS photos.
 */
export async function parentWithGallery(origin: string, portraits: number): Promise<StudioParent> {
  const parent = await parentWithTrainedChild(origin, {
    firstName: "Gallery",
    planId: PLAN_ID,
    photos: (await singleFacePictures()).slice(0, GALLERY_PHOTOS),
  });
  await ensureCredits(origin, parent, portraits);
  const ids: string[] = [];
  for (let left = portraits; left > 0; left -= GENERATION_MAX_COUNT) {
    const count = Math.min(GENERATION_MAX_COUNT, left);
    const { images } = await callEndpoint(
      origin,
      generateEndpoint,
      { childId: parent.childId, styleId: STYLE_ID, count },
      parent.headers,
    );
    ids.push(...images.map((image) => image.id));
  }
  await waitUntilSucceeded(origin, parent, ids);
  return parent;
}

async function waitUntilSucceeded(origin: string, parent: StudioParent, ids: string[]): Promise<void> {
  const limitMs = timeoutMs(ids.length);
  const start = performance.now();
  // The status endpoint takes at most 50 ids a call.
  const batches = Array.from({ length: Math.ceil(ids.length / 50) }, (_, index) =>
    ids.slice(index * 50, index * 50 + 50),
  );
  for (;;) {
    let done = 0;
    for (const imageIds of batches) {
      const { images } = await callEndpoint(origin, predictionStatusEndpoint, { imageIds }, parent.headers);
      const failed = images.find((image) => image.status === "failed");
      if (failed) throw new Error(`a gallery portrait failed: ${failed.error}`);
      done += images.filter((image) => image.status === "succeeded").length;
    }
    if (done === ids.length) return;
    if (performance.now() - start > limitMs) {
      throw new Error(
        `${ids.length - done} of ${ids.length} gallery portraits unfinished after ${limitMs} ms`,
      );
    }
    await sleep(POLL_MS);
  }
}
