import { addOnMessages, findStyle, VIDEO_FPS, VIDEO_LONG_SIDE, VIDEO_SECONDS } from "@wonderkin/contract";
import { and, eq, inArray } from "drizzle-orm";
import { generatedImage, portraitVideo } from "../../../db/schema";
import { particlesFor } from "../../../image-work/portraits/portrait-video-frames";
import { changeAddOnUnits } from "../../add-ons/change-add-on-units";
import { findUnitSpender } from "../../add-ons/find-unit-spender";
import type { StudioDeps } from "../studio-deps";
import {
  isUnfinishedVideo,
  unfinishedVideoStatuses,
  type VideoRow,
  videoContentType,
  videoKey,
} from "./portrait-video-record";

/** Frames drawn per image task: the clip's progress moves after each batch. */
const FRAMES_PER_BATCH = 12;

const stillUnfinished = (videoId: string) =>
  and(eq(portraitVideo.id, videoId), inArray(portraitVideo.status, [...unfinishedVideoStatuses]));

/** A seed from the clip's id, so drawing it again (a retried job) gives the same clip. */
function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Ends an unfinished clip as failed and gives its video clip back to the parent who paid, once
 * (only the call that moved it to failed refunds; the refund's reference is unique too).
 */
export async function failPortraitVideo(
  deps: Pick<StudioDeps, "db">,
  videoId: string,
  reason: string,
): Promise<void> {
  const [failed] = await deps.db
    .update(portraitVideo)
    .set({ status: "failed", error: reason, completedAt: new Date() })
    .where(stillUnfinished(videoId))
    .returning();
  if (!failed) return;
  // Back to whoever's clip paid: the family's owner when their shared credits did (decision 0050).
  const refundTo =
    (await findUnitSpender(deps.db, { reference: failed.creditReference })) ?? failed.requestedByUserId;
  if (!refundTo) return;
  await changeAddOnUnits(deps.db, {
    userId: refundTo,
    unit: "video",
    delta: 1,
    kind: "refund",
    reference: `video-refund:${failed.id}`,
    note: "Video that could not be made",
  });
}

/**
 * The video job: draws the clip's frames in the image-work pool a batch at a time (recording the
 * progress the page polls), encodes them into one MP4 (decision 0057), stores it beside the
 * portrait and marks the clip made. Whatever fails ends the clip failed and refunded; a portrait deleted
 * meanwhile takes its clip with it, so a file finished after that is removed again.
 */
export async function renderPortraitVideo(deps: StudioDeps, videoId: string): Promise<void> {
  const [row] = await deps.db.select().from(portraitVideo).where(eq(portraitVideo.id, videoId));
  if (!row || !isUnfinishedVideo(row)) return;
  const [image] = await deps.db.select().from(generatedImage).where(eq(generatedImage.id, row.imageId));
  const portrait = image?.storageKey ? await deps.storage.get(image.storageKey) : null;
  if (!image || !portrait) return failPortraitVideo(deps, videoId, addOnMessages.videoFailed);

  const progress = (percent: number, extra: Partial<VideoRow> = {}) =>
    deps.db
      .update(portraitVideo)
      .set({ progress: percent, ...extra })
      .where(stillUnfinished(videoId));
  const key = videoKey(row.organizationId, row.childId, row.imageId, row.id);
  try {
    await progress(5, { status: "processing", startedAt: new Date() });
    const art = findStyle(image.styleId)?.art;
    const total = VIDEO_FPS * VIDEO_SECONDS;
    const frames: Uint8Array[] = [];
    for (let from = 0; from < total; from += FRAMES_PER_BATCH) {
      const to = Math.min(total, from + FRAMES_PER_BATCH);
      frames.push(
        ...(await deps.imageWork.renderVideoFrames({
          portrait,
          particles: particlesFor(art?.motif ?? "sparkles"),
          accent: art?.accent ?? "#ffe27a",
          seed: seedOf(row.id),
          from,
          to,
          total,
          longSide: VIDEO_LONG_SIDE,
        })),
      );
      await progress(5 + Math.floor((80 * to) / total));
    }
    const clip = await deps.imageWork.encodeMp4Clip({ frames, fps: VIDEO_FPS });
    await progress(90);
    await deps.storage.put(key, clip.bytes, videoContentType(key));
    const [made] = await deps.db
      .update(portraitVideo)
      .set({
        status: "succeeded",
        progress: 100,
        storageKey: key,
        width: clip.width,
        height: clip.height,
        frames: clip.frames,
        durationMs: Math.round((clip.frames * 1000) / VIDEO_FPS),
        completedAt: new Date(),
      })
      .where(stillUnfinished(videoId))
      .returning({ id: portraitVideo.id });
    // Deleted with its portrait (or failed by the deadline) while it was drawn: the file goes too.
    if (!made) await deps.storage.delete([key]);
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    await failPortraitVideo(deps, videoId, addOnMessages.videoFailed);
    throw error;
  }
}
