import { randomInt, randomUUID } from "node:crypto";
import {
  findStyle,
  isStyleUnlocked,
  type Previews,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import { child, generatedImage, previewSet } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { requireFamilyNotSuspended } from "../../safety/family-suspension";
import { choosePayer } from "../../subscriptions/choose-payer";
import { findFamilyPortrait, isUnfinished } from "../portrait-record";
import { queuePriorities, queueRenders } from "../queue";
import type { StudioDeps } from "../studio-deps";
import { renderPortraitJob } from "../studio-job-specs";
import { PREVIEW_SET_REFERENCE, previewPrompt, previewsOf } from "./previews";

const notFound = () => new AppError(404, studioErrorCodes.imageNotFound, studioMessages.imageNotFound);

/**
 * The parent swaps one preview for another style, while the model trains: the old preview and its
 * files go, a new one is queued, free. Every check is made again on the locked child, and the
 * set's swap count is taken by a conditional update, so two quick clicks cannot overspend it.
 */
export async function swapPreviewStyle(
  deps: StudioDeps,
  options: { familyId: string; userId: string; imageId: string; styleId: string },
): Promise<Previews> {
  const found = await findFamilyPortrait(deps.db, options);
  const setId = found.creditReference.startsWith(PREVIEW_SET_REFERENCE)
    ? found.creditReference.slice(PREVIEW_SET_REFERENCE.length)
    : null;
  if (found.kind !== "preview" || !setId) throw notFound();
  await requireFamilyNotSuspended(deps.db, options.familyId);
  const style = findStyle(options.styleId);
  if (!style) throw new AppError(404, studioErrorCodes.styleNotFound, studioMessages.styleNotFound);
  // Free, but making: the plan that would pay for a portrait here decides the styles (decision 0050).
  const { plan } = await choosePayer(deps.db, options);
  if (!isStyleUnlocked(style.id, plan.entitlements.categories)) {
    throw new AppError(403, studioErrorCodes.styleLocked, studioMessages.styleLocked);
  }

  const gone = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${child} where ${child.id} = ${found.childId} for update`);
    const [kid] = await tx.select().from(child).where(eq(child.id, found.childId));
    const [row] = await tx.select().from(generatedImage).where(eq(generatedImage.id, found.id));
    if (!kid || !row) throw notFound();
    if (kid.trainingStatus === "completed") {
      throw new AppError(
        409,
        studioErrorCodes.previewAfterTraining,
        studioMessages.previewAfterTraining.replace("{name}", kid.firstName),
      );
    }
    if (isUnfinished(row)) {
      throw new AppError(409, studioErrorCodes.previewStillMaking, studioMessages.previewStillMaking);
    }
    const [taken] = await tx
      .select({ id: generatedImage.id })
      .from(generatedImage)
      .where(
        and(
          eq(generatedImage.childId, row.childId),
          eq(generatedImage.kind, "preview"),
          eq(generatedImage.styleId, style.id),
          ne(generatedImage.status, "failed"),
        ),
      );
    if (taken) throw new AppError(409, studioErrorCodes.previewStyleTaken, studioMessages.previewStyleTaken);
    const [counted] = await tx
      .update(previewSet)
      .set({ swaps: sql`${previewSet.swaps} + 1` })
      .where(and(eq(previewSet.id, setId), lt(previewSet.swaps, deps.env.PREVIEW_PORTRAITS)))
      .returning();
    if (!counted) throw new AppError(409, studioErrorCodes.previewSwapsUsed, studioMessages.previewSwapsUsed);

    await tx.delete(generatedImage).where(eq(generatedImage.id, row.id));
    const [queuePriority] = await queuePriorities(tx, {
      familyId: row.organizationId,
      childId: row.childId,
      count: 1,
      regeneration: true,
    });
    const inserted = await tx
      .insert(generatedImage)
      .values({
        id: randomUUID(),
        kind: "preview",
        childId: row.childId,
        organizationId: row.organizationId,
        requestedByUserId: options.userId,
        styleId: style.id,
        prompt: previewPrompt(kid, style.id),
        seed: randomInt(0, 2 ** 31 - 1),
        creditReference: row.creditReference,
        creditCost: 0,
        watermarked: true,
        queuePriority: queuePriority ?? 0,
      })
      .returning();
    await queueRenders(tx, deps, inserted);
    return [row.storageKey, row.thumbnailKey].filter((key): key is string => Boolean(key));
  });
  await deps.storage.delete(gone);
  deps.wakeWorker?.(renderPortraitJob.name);
  return previewsOf(deps, { familyId: options.familyId, childId: found.childId });
}
