import { randomUUID } from "node:crypto";
import {
  addOnErrorCodes,
  addOnMessages,
  type PortraitVideo,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, eq, ne } from "drizzle-orm";
import { portraitVideo } from "../../../db/schema";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import { AppError } from "../../../lib/app-error";
import { isUniqueViolation } from "../../../lib/db-errors";
import { changeAddOnUnits, readAddOnBalance } from "../../add-ons/change-add-on-units";
import { requireFamilyNotSuspended } from "../../safety/family-suspension";
import { nothingPays } from "../../subscriptions/choose-payer";
import { resolveSpending } from "../../subscriptions/resolve-spending";
import { findFamilyPortrait } from "../portrait-record";
import type { StudioDeps } from "../studio-deps";
import { renderVideoJob } from "../studio-job-specs";
import { toPortraitVideo, type VideoRow } from "./portrait-video-record";

async function liveVideoOf(deps: Pick<StudioDeps, "db">, imageId: string): Promise<VideoRow | null> {
  const [row] = await deps.db
    .select()
    .from(portraitVideo)
    .where(and(eq(portraitVideo.imageId, imageId), ne(portraitVideo.status, "failed")));
  return row ?? null;
}

/**
 * "Create video" (decision 0033): a short animated clip of a finished portrait, for one of the
 * acting parent's video clips (bought with the add-on), or of the family owner's when they share
 * the family's credits (decision 0050). The clip is spent, the video written and its
 * job queued in ONE transaction, so no clip is made unpaid or paid twice; the answer comes at once
 * and the worker draws it. A portrait already with a clip (made or being made) answers that one and
 * spends nothing — two clicks at once included.
 */
export async function createPortraitVideo(
  deps: StudioDeps,
  options: { familyId: string; userId: string; imageId: string },
): Promise<{ video: PortraitVideo; videosLeft: number }> {
  const image = await findFamilyPortrait(deps.db, options);
  if (image.kind === "preview") {
    throw new AppError(409, addOnErrorCodes.videoNotForPreview, addOnMessages.videoNotForPreview);
  }
  if (image.status !== "succeeded" || !image.storageKey) {
    throw new AppError(409, studioErrorCodes.imageNotReady, studioMessages.imageNotReady);
  }
  await requireFamilyNotSuspended(deps.db, options.familyId);
  const spending = await resolveSpending(deps.db, options);
  const payerId = spending.payer?.userId ?? options.userId;
  const answer = async (row: VideoRow) => ({
    video: await toPortraitVideo(deps.storage, row, image.styleId),
    videosLeft: await readAddOnBalance(deps.db, { userId: payerId, unit: "video" }),
  });
  const existing = await liveVideoOf(deps, image.id);
  if (existing) return answer(existing);

  // Nothing of their own and the family's kept to its owner: say whom to ask, not "buy clips".
  if (spending.blocked === "ask-owner") {
    const own = await readAddOnBalance(deps.db, { userId: payerId, unit: "video" });
    if (own === 0) throw nothingPays(spending.blocked);
  }
  const id = randomUUID();
  const reference = `video:${id}`;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await changeAddOnUnits(tx, {
        userId: payerId,
        unit: "video",
        delta: -1,
        kind: "use",
        reference,
        note: "Video of a portrait",
      });
      const [inserted] = await tx
        .insert(portraitVideo)
        .values({
          id,
          imageId: image.id,
          childId: image.childId,
          organizationId: image.organizationId,
          requestedByUserId: options.userId,
          creditReference: reference,
        })
        .returning();
      await sendJobInTransaction(tx, deps.boss, renderVideoJob, { videoId: id });
      return inserted;
    });
    if (!row) throw new Error("The video was not written");
    deps.wakeWorker?.(renderVideoJob.name);
    return answer(row);
  } catch (error) {
    // Asked for twice at once: the other request's clip stands, this one spent nothing.
    if (isUniqueViolation(error)) {
      const winner = await liveVideoOf(deps, image.id);
      if (winner) return answer(winner);
    }
    throw error;
  }
}
