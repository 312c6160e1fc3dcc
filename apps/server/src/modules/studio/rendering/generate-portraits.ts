import { randomInt, randomUUID } from "node:crypto";
import {
  fillStylePrompt,
  findStyle,
  GENERATION_CREDIT_COST,
  type GeneratedImage,
  isStyleUnlocked,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { generatedImage } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { currentAge, findFamilyChild } from "../../children/child-record";
import { changeCredits } from "../../credits/change-credits";
import { portraitSpendNote } from "../../credits/portrait-spend-note";
import { requireFamilyNotSuspended } from "../../safety/family-suspension";
import { choosePayer } from "../../subscriptions/choose-payer";
import { findFamilyPortrait } from "../portrait-record";
import { queuePriorities, queueRenders, toGeneratedImages } from "../queue";
import type { StudioDeps } from "../studio-deps";
import { renderPortraitJob } from "../studio-job-specs";

type Actor = { userId: string; familyId: string };

/**
 * Asks for `count` portraits of a trained child in a style, paid by whoever decision 0050 names (the
 * parent, or the family's owner when they share the family's credits), under that payer's plan
 * (styles, watermark). The credits are spent, the portraits
 * written and their jobs queued in ONE transaction on the parent's locked balance: under any
 * concurrency the balance never goes below zero and no portrait exists unpaid (or paid twice).
 * Answers at once with the pending portraits; the worker renders them.
 */
export async function generatePortraits(
  deps: StudioDeps,
  options: Actor & { childId: number; styleId: string; count: number; regeneratedFromId?: string },
): Promise<{ images: GeneratedImage[]; balance: number; paidBy: "you" | "family" }> {
  const row = await findFamilyChild(deps.db, options);
  await requireFamilyNotSuspended(deps.db, options.familyId);
  if (row.trainingStatus !== "completed" || !row.modelVersion) {
    throw new AppError(409, studioErrorCodes.trainingNotCompleted, studioMessages.trainingNotCompleted);
  }
  const style = findStyle(options.styleId);
  if (!style) throw new AppError(404, studioErrorCodes.styleNotFound, studioMessages.styleNotFound);
  const payer = await choosePayer(deps.db, options);
  const { entitlements } = payer.plan;
  if (!isStyleUnlocked(style.id, entitlements.categories)) {
    throw new AppError(403, studioErrorCodes.styleLocked, studioMessages.styleLocked);
  }
  const prompt = fillStylePrompt(style.promptTemplate, {
    trigger: row.triggerWord,
    age: currentAge(row),
    gender: row.gender === "girl" ? "girl" : "boy",
  });
  const requestId = randomUUID();
  const cost = GENERATION_CREDIT_COST;
  // Milliseconds, as JavaScript keeps them: the gallery's cursor carries this exact value.
  const createdAt = new Date();
  const { rows, balance } = await deps.db.transaction(async (tx) => {
    const spent = await changeCredits(tx, {
      userId: payer.userId,
      delta: -cost * options.count,
      kind: "spend",
      reference: `generate:${requestId}`,
      note: portraitSpendNote({ count: options.count, styleTitle: style.title, childId: row.id }),
    });
    const priorities = await queuePriorities(tx, {
      familyId: row.organizationId,
      childId: row.id,
      count: options.count,
      regeneration: Boolean(options.regeneratedFromId),
    });
    // Consecutive seeds: the local model gives each of a request's portraits its own composition
    // (face-in-costume.ts), so four portraits are four different pictures; providers take any seed.
    const firstSeed = randomInt(0, 2 ** 31 - 1 - priorities.length);
    const inserted = await tx
      .insert(generatedImage)
      .values(
        priorities.map((queuePriority, index) => ({
          id: randomUUID(),
          childId: row.id,
          organizationId: row.organizationId,
          requestedByUserId: options.userId,
          styleId: style.id,
          prompt,
          seed: firstSeed + index,
          creditReference: `generate:${requestId}`,
          creditCost: cost,
          watermarked: entitlements.watermark,
          regeneratedFromId: options.regeneratedFromId ?? null,
          queuePriority,
          createdAt,
        })),
      )
      .returning();
    await queueRenders(tx, deps, inserted);
    return { rows: inserted, balance: spent.balance };
  });
  deps.wakeWorker?.(renderPortraitJob.name);
  return { images: await toGeneratedImages(deps, rows), balance, paidBy: payer.via };
}

/** The same style again with a new seed, for the same price. */
export async function regeneratePortrait(
  deps: StudioDeps,
  options: Actor & { imageId: string },
): Promise<{ image: GeneratedImage; balance: number; paidBy: "you" | "family" }> {
  const source = await findFamilyPortrait(deps.db, options);
  const { images, balance, paidBy } = await generatePortraits(deps, {
    ...options,
    childId: source.childId,
    styleId: source.styleId,
    count: 1,
    regeneratedFromId: source.id,
  });
  const [image] = images;
  if (!image) throw new Error("A regeneration produced no portrait");
  return { image, balance, paidBy };
}
