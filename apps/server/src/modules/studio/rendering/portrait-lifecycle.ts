import { randomInt } from "node:crypto";
import { findStyle, studioMessages } from "@wonderkin/contract";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { child, generatedImage, user } from "../../../db/schema";
import { portraitFailedEmail } from "../../../emails";
import type { SafetyScores } from "../../../image-work/safety/safety-classifier";
import { sendJob } from "../../../jobs/job-definition";
import { recordAnalyticsEvent } from "../../analytics/record-event";
import { changeCredits } from "../../credits/change-credits";
import { findCreditSpender } from "../../credits/find-credit-spender";
import { holdPicture } from "../../safety/hold-picture";
import { screenPicture } from "../../safety/safety-screen";
import { isUnfinished, type PortraitRow, portraitKeys, unfinishedStatuses } from "../portrait-record";
import { announceStudioIfDue, PREVIEW_WATERMARK, previewPhotos } from "../previews";
import { type StudioDeps, webhookUrlFor } from "../studio-deps";
import { renderPortraitJob } from "../studio-job-specs";
import { checkLikeness, type LikenessVerdict } from "./portrait-likeness";

const PROVIDER_UNAVAILABLE = "The image service didn't answer.";

/** A portrait still unfinished this long after it was asked for has failed (and is refunded). */
export const PORTRAIT_DEADLINE_MS = 15 * 60 * 1000;

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
    let predictionId: string;
    try {
      const [owner] = await deps.db
        .select({ modelVersion: child.modelVersion, gender: child.gender })
        .from(child)
        .where(eq(child.id, row.childId));
      if (!owner) return failPortrait(deps, imageId, "The child is gone.");
      const request = {
        prompt: row.prompt,
        seed: row.seed,
        styleId: row.styleId,
        gender: owner.gender,
        webhookUrl: webhookUrlFor(deps),
      };
      if (row.kind === "preview") {
        const photos = await previewPhotos(deps, row.childId);
        if (photos.length === 0) return failPortrait(deps, imageId, "The child's photos are gone.");
        ({ predictionId } = await deps.imageModel.startPreview({ ...request, photos }));
      } else {
        // Only a portrait needs the trained model; a preview is made from the photos alone.
        if (!owner.modelVersion) return failPortrait(deps, imageId, "The child's model is gone.");
        ({ predictionId } = await deps.imageModel.startPrediction({
          ...request,
          modelVersion: owner.modelVersion,
        }));
      }
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
  const subject = row.kind === "preview" ? "preview" : "portrait";
  if (run.flagged) {
    deps.safety.observe(subject, "withheld", 0);
    await withholdPortrait(deps, row, row.providerPredictionId, { reason: "provider", output: null });
    return findPortrait(deps, imageId);
  }
  if (run.status === "failed" || !run.output) {
    await failPortrait(deps, imageId, run.error ?? "The image model gave no picture.");
    return findPortrait(deps, imageId);
  }
  // Screened before anything else looks at it: an unsafe picture is never stored where a parent
  // can reach it, whatever the likeness check would say.
  const safety = await screenPicture(deps.safety, { subject, bytes: run.output });
  if (!safety.passed) {
    await withholdPortrait(deps, row, row.providerPredictionId, {
      reason: "classifier",
      output: run.output,
      verdict: safety,
    });
    return findPortrait(deps, imageId);
  }
  const likeness = await checkLikeness(deps, {
    childId: row.childId,
    output: run.output,
    face: run.face,
  });
  if (likeness && !likeness.passed) {
    // A preview that does not look like the child is dropped: it was free, and another is coming.
    if (!row.likenessRetried && row.kind !== "preview") {
      await renderAgain(deps, row, row.providerPredictionId, { likenessDistance: likeness.distance });
    } else await failPortrait(deps, imageId, "The portrait did not look like the child", { likeness });
    return findPortrait(deps, imageId);
  }
  const done = await storePortrait(deps, row, run.output, {
    where: stillUnfinished(imageId),
    set: {
      likeness: likeness ? "passed" : null,
      likenessDistance: likeness?.distance ?? null,
      safety: safety.scores ? "passed" : null,
    },
  });
  // The portrait (its child, its family) was deleted while it rendered: its files are gone too.
  if (done === "gone") return null;
  if (done?.kind === "preview") await announceStudioIfDue(deps, done.childId);
  if (done?.requestedByUserId && done.kind === "portrait") {
    await recordAnalyticsEvent(deps.db, {
      userId: done.requestedByUserId,
      name: "generation",
      properties: { styleId: done.styleId, childId: done.childId },
    });
  }
  return findPortrait(deps, imageId);
}

/**
 * A render failed the safety screen (ours, or the provider's own flag): it is held for review (its
 * hash and scores; the picture only with a review window, encrypted), never stored for the family.
 * A portrait's first render is made again, free; a second failure, or any preview's, ends it failed
 * and refunded, as the likeness check does (decision 0038). The hold is keyed by the run, so
 * duplicate webhooks record it once.
 */
async function withholdPortrait(
  deps: StudioDeps,
  row: PortraitRow,
  predictionId: string,
  found: {
    reason: "classifier" | "provider";
    output: Uint8Array | null;
    verdict?: { scores: SafetyScores; sha256: string };
  },
): Promise<void> {
  await holdPicture(deps, {
    subject: row.kind === "preview" ? "preview" : "portrait",
    reason: found.reason,
    familyId: row.organizationId,
    childId: row.childId,
    userId: row.requestedByUserId,
    generatedImageId: row.id,
    providerRunId: predictionId,
    sha256: found.verdict?.sha256 ?? null,
    scores: found.verdict?.scores ?? null,
    bytes: found.output ? Buffer.from(found.output) : null,
  });
  if (!row.likenessRetried && row.kind !== "preview") {
    await renderAgain(deps, row, predictionId, { safety: "withheld" });
  } else await failPortrait(deps, row.id, "The portrait failed the safety check", { withheld: true });
}

/**
 * Keeps a screened picture as the portrait's files (the original with the plan's watermark, and
 * its thumbnail) and marks the row succeeded — only while `where` still holds, so of two callers
 * settling the same portrait one writes it. "gone": the portrait (its child, its family) was
 * deleted meanwhile, and the files just written were removed again.
 */
export async function storePortrait(
  deps: Pick<StudioDeps, "db" | "storage" | "imageWork" | "env">,
  row: PortraitRow,
  output: Uint8Array,
  update: { where: SQL | undefined; set: Partial<PortraitRow> },
): Promise<PortraitRow | null | "gone"> {
  const files = await deps.imageWork.makePortraitFiles({
    output,
    watermark: row.kind === "preview" ? PREVIEW_WATERMARK : row.watermarked ? deps.env.APP_NAME : null,
  });
  const keys = portraitKeys(row.organizationId, row.childId, row.id);
  await Promise.all([
    deps.storage.put(keys.storageKey, files.full, "image/jpeg"),
    deps.storage.put(keys.thumbnailKey, files.thumbnail, "image/webp"),
  ]);
  const [done] = await deps.db
    .update(generatedImage)
    .set({
      ...update.set,
      status: "succeeded",
      progress: 100,
      storageKey: keys.storageKey,
      thumbnailKey: keys.thumbnailKey,
      width: files.width,
      height: files.height,
      completedAt: new Date(),
    })
    .where(update.where)
    .returning();
  if (!done && !(await findPortrait(deps, row.id))) {
    await deps.storage.delete([keys.storageKey, keys.thumbnailKey]);
    return "gone";
  }
  return done ?? null;
}

/** Boosts a free second render ahead of new requests: the parent has already waited once. */
const RENDER_AGAIN_PRIORITY_BOOST = 1_000;

/**
 * The first render did not look like the child, or failed the safety screen: it is made again,
 * once, with a new seed and at no cost. The row is claimed by the prediction that failed the check,
 * so duplicate webhooks, the job and the page's poll settling the same run start one second render
 * between them.
 */
async function renderAgain(
  deps: StudioDeps,
  row: PortraitRow,
  failedPredictionId: string,
  why: { likenessDistance: number | null } | { safety: "withheld" },
): Promise<void> {
  const [again] = await deps.db
    .update(generatedImage)
    .set({
      providerPredictionId: null,
      seed: randomInt(0, 2 ** 31 - 1),
      status: "pending",
      progress: 0,
      startedAt: null,
      likenessRetried: true,
      ...why,
    })
    .where(
      and(
        stillUnfinished(row.id),
        eq(generatedImage.likenessRetried, false),
        eq(generatedImage.providerPredictionId, failedPredictionId),
      ),
    )
    .returning();
  if (!again) return;
  await sendJob(
    deps.boss,
    renderPortraitJob,
    { imageId: again.id },
    { priority: again.queuePriority + RENDER_AGAIN_PRIORITY_BOOST, singletonKey: `render-again-${again.id}` },
  );
  deps.wakeWorker?.(renderPortraitJob.name);
}

/**
 * Ends a portrait as failed: the error recorded, its credit refunded (once, by reference) in the same
 * transaction, and the parent told by e-mail. A portrait already finished is left alone. With a
 * likeness verdict, it failed the likeness check twice: the parent is told it didn't look enough
 * like the child.
 */
export async function failPortrait(
  deps: StudioDeps,
  imageId: string,
  providerError: string,
  options: { likeness?: LikenessVerdict; withheld?: boolean } = {},
): Promise<void> {
  const childName = options.likeness ? await childNameOf(deps, imageId) : null;
  const portraitError = options.withheld
    ? studioMessages.withheld
    : options.likeness
      ? studioMessages.unlike.replace("{name}", childName ?? "your child")
      : studioMessages.generationFailed;
  const failed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(generatedImage)
      .set({
        status: "failed",
        // A preview's failure is never shown (failed previews are not listed); a portrait's is.
        error: sql`case when ${generatedImage.kind} = 'preview' then ${studioMessages.previewFailed} else ${portraitError} end`,
        ...(options.likeness ? { likeness: "unlike", likenessDistance: options.likeness.distance } : {}),
        ...(options.withheld ? { safety: "withheld" } : {}),
        completedAt: new Date(),
      })
      .where(stillUnfinished(imageId))
      .returning();
    if (!row) return null;
    // Back to whoever paid: the family's owner when their shared credits did (decision 0050).
    const spender =
      row.creditCost > 0 ? await findCreditSpender(tx, { reference: row.creditReference }) : null;
    const refundTo = spender ?? row.requestedByUserId;
    if (refundTo && row.creditCost > 0) {
      await changeCredits(tx, {
        userId: refundTo,
        delta: row.creditCost,
        kind: "refund",
        reference: `refund:${row.id}`,
        note: `Portrait failed: ${providerError.slice(0, 200)}`,
      });
    }
    return row;
  });
  if (!failed) return;
  await emailPortraitFailure(deps, imageId);
  // A dropped preview is settled too: the "studio ready" e-mail may have been waiting for it.
  if (failed.kind === "preview") await announceStudioIfDue(deps, failed.childId);
}

async function childNameOf(deps: Pick<StudioDeps, "db">, imageId: string): Promise<string | null> {
  const [found] = await deps.db
    .select({ firstName: child.firstName })
    .from(generatedImage)
    .innerJoin(child, eq(child.id, generatedImage.childId))
    .where(eq(generatedImage.id, imageId));
  return found?.firstName ?? null;
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
        // Previews fail silently: the parent sees only "previews are unavailable right now".
        eq(generatedImage.kind, "portrait"),
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
      unlike: row.likeness === "unlike",
      withheld: row.safety === "withheld",
    }),
  });
  return true;
}
