import { findStyle, studioMessages } from "@wonderkin/contract";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { child, generatedImage, user } from "../../db/schema";
import { portraitFailedEmail } from "../../emails";
import { recordAnalyticsEvent } from "../analytics/record-event";
import { changeCredits } from "../credits/change-credits";
import { isUnfinished, type PortraitRow, portraitKeys, unfinishedStatuses } from "./portrait-record";
import { type StudioDeps, webhookUrlFor } from "./studio-deps";

const PROVIDER_UNAVAILABLE = "The image service didn't answer.";

async function findPortrait(deps: Pick<StudioDeps, "db">, imageId: string): Promise<PortraitRow | null> {
  const [row] = await deps.db.select().from(generatedImage).where(eq(generatedImage.id, imageId));
  return row ?? null;
}

const stillUnfinished = (imageId: string) =>
  and(eq(generatedImage.id, imageId), inArray(generatedImage.status, [...unfinishedStatuses]));

/**
 * The render job: starts the prediction at the provider (once: a retried job finds it and only
 * settles), then settles at once — the local model is done by then; Replicate reports by webhook.
 */
export async function runRender(deps: StudioDeps, imageId: string): Promise<void> {
  const row = await findPortrait(deps, imageId);
  if (!row || !isUnfinished(row)) return;
  if (!row.providerPredictionId) {
    const [owner] = await deps.db
      .select({ modelVersion: child.modelVersion })
      .from(child)
      .where(eq(child.id, row.childId));
    if (!owner?.modelVersion) return failPortrait(deps, imageId, "The child's model is gone.");
    let predictionId: string;
    try {
      ({ predictionId } = await deps.imageModel.startPrediction({
        modelVersion: owner.modelVersion,
        prompt: row.prompt,
        seed: row.seed,
        styleId: row.styleId,
        webhookUrl: webhookUrlFor(deps),
      }));
    } catch {
      return failPortrait(deps, imageId, PROVIDER_UNAVAILABLE);
    }
    await deps.db
      .update(generatedImage)
      .set({ providerPredictionId: predictionId, status: "processing", progress: 10, startedAt: new Date() })
      .where(and(stillUnfinished(imageId), isNull(generatedImage.providerPredictionId)));
  }
  await settlePortrait(deps, imageId);
}

/**
 * Asks the provider about a portrait and records the outcome. A finished portrait is copied into
 * our storage at once (providers delete outputs after a while); a failed one is refunded. Every
 * caller — job, webhook, reconciler, the page's status poll — gets the same single outcome.
 */
export async function settlePortrait(deps: StudioDeps, imageId: string): Promise<PortraitRow | null> {
  const row = await findPortrait(deps, imageId);
  if (!row || !isUnfinished(row) || !row.providerPredictionId) return row;
  const run = await deps.imageModel.getPrediction(row.providerPredictionId);
  if (run.status === "running") {
    const progress = Math.min(95, Math.max(row.progress, run.progress ?? row.progress));
    if (progress !== row.progress) {
      await deps.db
        .update(generatedImage)
        .set({ progress, status: "processing" })
        .where(stillUnfinished(imageId));
    }
    return findPortrait(deps, imageId);
  }
  if (run.status === "failed" || !run.output) {
    await failPortrait(deps, imageId, run.error ?? "The image model gave no picture.");
    return findPortrait(deps, imageId);
  }
  const files = await deps.imageWork.makePortraitFiles({
    output: run.output,
    watermark: row.watermarked ? deps.env.APP_NAME : null,
  });
  const keys = portraitKeys(row.organizationId, row.childId, row.id);
  await Promise.all([
    deps.storage.put(keys.storageKey, files.full, "image/jpeg"),
    deps.storage.put(keys.thumbnailKey, files.thumbnail, "image/webp"),
  ]);
  const [done] = await deps.db
    .update(generatedImage)
    .set({
      status: "succeeded",
      progress: 100,
      storageKey: keys.storageKey,
      thumbnailKey: keys.thumbnailKey,
      width: files.width,
      height: files.height,
      completedAt: new Date(),
    })
    .where(stillUnfinished(imageId))
    .returning();
  if (!done && !(await findPortrait(deps, imageId))) {
    // The portrait (its child, its family) was deleted while it rendered: its files must not stay.
    await deps.storage.delete([keys.storageKey, keys.thumbnailKey]);
    return null;
  }
  if (done?.requestedByUserId) {
    await recordAnalyticsEvent(deps.db, {
      userId: done.requestedByUserId,
      name: "generation",
      properties: { styleId: done.styleId, childId: done.childId },
    });
  }
  return findPortrait(deps, imageId);
}

/**
 * Ends a portrait as failed: the error recorded, its credit refunded (once, by reference) in the same
 * transaction, and the parent told by e-mail. A portrait already finished is left alone.
 */
export async function failPortrait(deps: StudioDeps, imageId: string, providerError: string): Promise<void> {
  const failed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(generatedImage)
      .set({ status: "failed", error: studioMessages.generationFailed, completedAt: new Date() })
      .where(stillUnfinished(imageId))
      .returning();
    if (!row) return null;
    if (row.requestedByUserId) {
      await changeCredits(tx, {
        userId: row.requestedByUserId,
        delta: row.creditCost,
        kind: "refund",
        reference: `refund:${row.id}`,
        note: `Portrait failed: ${providerError.slice(0, 200)}`,
      });
    }
    return row;
  });
  if (failed) await emailPortraitFailure(deps, imageId);
}

/**
 * Spec §7 /email/regeneration-error: tells the parent who asked for a failed portrait, once.
 * Answers whether this call sent it.
 */
export async function emailPortraitFailure(deps: StudioDeps, imageId: string): Promise<boolean> {
  const [row] = await deps.db
    .update(generatedImage)
    .set({ errorEmailedAt: new Date() })
    .where(
      and(
        eq(generatedImage.id, imageId),
        eq(generatedImage.status, "failed"),
        isNull(generatedImage.errorEmailedAt),
      ),
    )
    .returning();
  if (!row?.requestedByUserId) return false;
  const [parent] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, row.requestedByUserId));
  const [kid] = await deps.db
    .select({ firstName: child.firstName })
    .from(child)
    .where(eq(child.id, row.childId));
  if (!parent || !kid) return false;
  const url = `${deps.env.publicUrl}/kids/children/${row.childId}/magic-studio`;
  await deps.mailer.send({
    to: parent.email,
    kind: "portrait-failed",
    link: url,
    ...portraitFailedEmail({
      appName: deps.env.APP_NAME,
      firstName: parent.firstName,
      childName: kid.firstName,
      styleTitle: findStyle(row.styleId)?.title ?? row.styleId,
      credits: row.creditCost,
      url,
    }),
  });
  return true;
}
