import { and, count, eq, inArray, isNotNull, isNull, like, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  analyticsEvent,
  child,
  childPhoto,
  childYearlyUpdate,
  creditLedger,
  familyPicture,
  familySuspension,
  generatedImage,
  invitation,
  mailOutbox,
  member,
  organization,
  portraitSeries,
  portraitSeriesReminder,
  portraitShare,
  portraitVideo,
  safetyHold,
  session,
  storybook,
  studioIntroSeen,
} from "../../db/schema";
import { sendJobInTransaction } from "../../jobs/send-in-transaction";
import type { ImageModel } from "../../providers/image-model/image-model";
import type { Storage } from "../../providers/storage/storage";
import type { ChildRow } from "../children/child-record";
import { CHILD_SUFFIX_REGEXP, childNotePattern, FORMER_CHILD } from "../credits/portrait-spend-note";
import { childStoragePrefix, familyStoragePrefix } from "../storage-layout/family-storage-prefix";
import { deleteModelJob, type ModelReference } from "../studio/studio-job-specs";
import {
  type DeletionCounts,
  type DeletionTally,
  emptyCounts,
  type ProviderAnswer,
} from "./deletion-receipt";
import { deleteExportFiles, dropExportsHoldingChild, dropExportsHoldingFamily } from "./drop-data-exports";
import type { ErasureDeps } from "./privacy-deps";

/**
 * Erasing children, alone or with their family. The order is what makes it complete:
 *
 * 1. Files first (photos, thumbnails, portraits, print files: all under the child's prefix). If
 *    anything after fails, the rows are still there and asking again finishes the job.
 * 2. One transaction: the rows (photos and portraits cascade), the child's traces elsewhere
 *    (analytics properties, ledger notes, e-mails about the child in the local outbox), and a job
 *    per model at the provider, so a model deletion can never be lost once the rows are gone.
 * 3. The files again (a portrait that finished meanwhile may have written one), then the provider
 *    is asked at once; the queued job is dropped when that worked and retries with backoff when it
 *    did not (Replicate answers 409 while it processes a version's deletion).
 */

/** What of a child lives at the image-model provider. */
export function modelReferencesOf(
  row: Pick<ChildRow, "modelVersion" | "trainingProviderId">,
): ModelReference[] {
  if (row.modelVersion) return [{ modelVersion: row.modelVersion }];
  // A training under way (cancelled, then cleaned up) or one that failed (its leftovers removed).
  if (row.trainingProviderId) return [{ trainingId: row.trainingProviderId }];
  return [];
}

/**
 * The provider runs of the children's yearly updates that did not become their model: one under way
 * (cancelled, then cleaned up) or one that failed (its leftovers removed). A completed update's
 * model is the child's own `modelVersion`, and the model it replaced was queued for deletion then.
 */
async function yearlyUpdateReferences(tx: Database, childIds: number[]): Promise<ModelReference[]> {
  if (childIds.length === 0) return [];
  const runs = await tx
    .select({ providerId: childYearlyUpdate.providerId })
    .from(childYearlyUpdate)
    .where(
      and(
        inArray(childYearlyUpdate.childId, childIds),
        ne(childYearlyUpdate.status, "completed"),
        isNotNull(childYearlyUpdate.providerId),
      ),
    );
  return runs.flatMap(({ providerId }) => (providerId ? [{ trainingId: providerId }] : []));
}

/**
 * Deletes one model at the provider. A training still running is cancelled first; asking about a
 * failed or cancelled run makes the adapter remove what it had made. Throws while that is not
 * finished, so the job tries again later.
 */
export async function deleteModelAtProvider(
  imageModel: ImageModel,
  reference: ModelReference,
): Promise<string> {
  if ("modelVersion" in reference) return imageModel.deleteModel(reference.modelVersion);
  let run = await imageModel.getTraining(reference.trainingId);
  let cancelled = false;
  if (run.status === "running") {
    await imageModel.cancelTraining(reference.trainingId);
    cancelled = true;
    run = await imageModel.getTraining(reference.trainingId);
    if (run.status === "running") {
      throw new Error(`The training ${reference.trainingId} is still being cancelled`);
    }
  }
  if (run.status === "succeeded" && run.modelVersion) return imageModel.deleteModel(run.modelVersion);
  return cancelled ? "training cancelled, its files removed" : "training had not finished: its files removed";
}

export async function deleteFilesUnder(storage: Storage, prefix: string): Promise<void> {
  const keys = await storage.list(prefix);
  if (keys.length > 0) await storage.delete(keys);
}

/**
 * Removes what names the children outside their own rows. Runs inside the deleting transaction.
 * Returns how many rows it deleted outright (the e-mails about them).
 */
async function eraseChildTraces(tx: Database, childIds: number[]): Promise<number> {
  let deleted = 0;
  for (const id of childIds) {
    // Events keep counting (a child was added, a portrait made) but no longer say which child.
    await tx
      .update(analyticsEvent)
      .set({ properties: sql`${analyticsEvent.properties} - 'childId'` })
      .where(sql`${analyticsEvent.properties} ->> 'childId' = ${String(id)}`);
    // The ledger is append-only for amounts; its free-text note may be redacted.
    await tx
      .update(creditLedger)
      .set({
        note: sql`regexp_replace(${creditLedger.note}, ${CHILD_SUFFIX_REGEXP}, ${` of ${FORMER_CHILD}`})`,
      })
      .where(like(creditLedger.note, childNotePattern(id)));
    // The local outbox keeps copies of sent mail: the studio e-mails about this child go.
    const mails = await tx
      .delete(mailOutbox)
      .where(like(mailOutbox.link, `%/kids/children/${id}/%`))
      .returning({ id: mailOutbox.id });
    deleted += mails.length;
  }
  return deleted;
}

type QueuedDeletion = { reference: ModelReference; jobId: string };

async function queueModelDeletions(
  tx: Database,
  deps: ErasureDeps,
  references: ModelReference[],
): Promise<QueuedDeletion[]> {
  const queued: QueuedDeletion[] = [];
  for (const reference of references) {
    queued.push({ reference, jobId: await sendJobInTransaction(tx, deps.boss, deleteModelJob, reference) });
  }
  return queued;
}

/** Asks the provider now; returns each answer for the receipt. */
async function deleteModelsNow(deps: ErasureDeps, queued: QueuedDeletion[]): Promise<ProviderAnswer[]> {
  const answers: ProviderAnswer[] = [];
  for (const { reference, jobId } of queued) {
    const item = "modelVersion" in reference ? "trained model" : "model training";
    try {
      const answer = await deleteModelAtProvider(deps.imageModel, reference);
      answers.push({ provider: deps.imageModel.name, item, answer });
    } catch (error) {
      // Left to the queued job, which retries with backoff; the receipt says so.
      const status = (error as { status?: unknown }).status;
      answers.push({
        provider: deps.imageModel.name,
        item,
        answer: `failed${typeof status === "number" ? `: ${status}` : ""}, retried automatically until it is done`,
      });
      continue;
    }
    // Done: the safety net is not needed (if it already ran, it found nothing left to delete).
    await deps.boss.deleteJob(deleteModelJob.name, jobId).catch(() => undefined);
  }
  return answers;
}

const counted = async (query: PromiseLike<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

/**
 * What of these children is about to go, for the receipt. Runs inside the deleting transaction,
 * with the children's rows locked, so it counts exactly what the cascade deletes.
 */
async function countChildData(tx: Database, childIds: number[]): Promise<DeletionCounts> {
  const counts = emptyCounts();
  if (childIds.length === 0) return counts;
  const ofChildren = inArray(generatedImage.childId, childIds);
  const images = tx.select({ id: generatedImage.id }).from(generatedImage).where(ofChildren);
  const picture = (kind: "portrait" | "preview") =>
    counted(
      tx
        .select({ n: count() })
        .from(generatedImage)
        .where(
          and(
            ofChildren,
            kind === "preview" ? eq(generatedImage.kind, "preview") : ne(generatedImage.kind, "preview"),
            isNotNull(generatedImage.storageKey),
          ),
        ),
    );
  counts.photos = await counted(
    tx.select({ n: count() }).from(childPhoto).where(inArray(childPhoto.childId, childIds)),
  );
  counts.portraits = await picture("portrait");
  counts.previews = await picture("preview");
  counts.printFiles = await counted(
    tx
      .select({ n: count() })
      .from(generatedImage)
      .where(and(ofChildren, isNotNull(generatedImage.printKey))),
  );
  const videoRows = await counted(
    tx.select({ n: count() }).from(portraitVideo).where(inArray(portraitVideo.childId, childIds)),
  );
  counts.videos = await counted(
    tx
      .select({ n: count() })
      .from(portraitVideo)
      .where(and(inArray(portraitVideo.childId, childIds), isNotNull(portraitVideo.storageKey))),
  );
  const bookRows = await counted(
    tx.select({ n: count() }).from(storybook).where(inArray(storybook.childId, childIds)),
  );
  counts.storybooks = await counted(
    tx
      .select({ n: count() })
      .from(storybook)
      .where(and(inArray(storybook.childId, childIds), isNotNull(storybook.storageKey))),
  );
  counts.series = await counted(
    tx.select({ n: count() }).from(portraitSeries).where(inArray(portraitSeries.childId, childIds)),
  );
  const seriesReminders = await counted(
    tx
      .select({ n: count() })
      .from(portraitSeriesReminder)
      .innerJoin(portraitSeries, eq(portraitSeries.id, portraitSeriesReminder.seriesId))
      .where(inArray(portraitSeries.childId, childIds)),
  );
  counts.shareLinks = await counted(
    tx.select({ n: count() }).from(portraitShare).where(inArray(portraitShare.imageId, images)),
  );
  const yearlyUpdates = await counted(
    tx.select({ n: count() }).from(childYearlyUpdate).where(inArray(childYearlyUpdate.childId, childIds)),
  );
  const imageRows = await counted(tx.select({ n: count() }).from(generatedImage).where(ofChildren));
  const intros = await counted(
    tx.select({ n: count() }).from(studioIntroSeen).where(inArray(studioIntroSeen.childId, childIds)),
  );
  const holds = await counted(
    tx.select({ n: count() }).from(safetyHold).where(inArray(safetyHold.childId, childIds)),
  );
  counts.databaseRecords =
    childIds.length +
    counts.photos +
    imageRows +
    videoRows +
    bookRows +
    counts.series +
    seriesReminders +
    yearlyUpdates +
    counts.shareLinks +
    intros +
    holds;
  return counts;
}

/** The predictions made for these children at the provider, and what becomes of them. */
async function predictionAnswers(
  tx: Database,
  deps: ErasureDeps,
  childIds: number[],
): Promise<ProviderAnswer[]> {
  if (childIds.length === 0) return [];
  const runs = await counted(
    tx
      .select({ n: count() })
      .from(generatedImage)
      .where(and(inArray(generatedImage.childId, childIds), isNotNull(generatedImage.providerPredictionId))),
  );
  if (runs === 0) return [];
  return [
    {
      provider: deps.imageModel.name,
      item: `${runs} portrait prediction${runs === 1 ? "" : "s"}`,
      answer: deps.imageModel.predictionRetention,
    },
  ];
}

/**
 * Deletes one child and everything of it, exports that hold it included. Returns what was deleted
 * and what the provider answered (for the receipt), or null when the child was already gone.
 */
export async function eraseChild(
  deps: ErasureDeps,
  found: Pick<ChildRow, "id" | "organizationId">,
): Promise<DeletionTally | null> {
  const prefix = childStoragePrefix(found.organizationId, found.id);
  await deleteFilesUnder(deps.storage, prefix);
  const erased = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(child).where(eq(child.id, found.id)).for("update");
    if (!row) return null;
    const counts = await countChildData(tx, [row.id]);
    const predictions = await predictionAnswers(tx, deps, [row.id]);
    const updateRuns = await yearlyUpdateReferences(tx, [row.id]);
    const exports = await dropExportsHoldingChild(tx, deps.boss, {
      familyId: row.organizationId,
      childAddedAt: row.createdAt,
    });
    await tx.delete(child).where(eq(child.id, row.id));
    const traces = await eraseChildTraces(tx, [row.id]);
    counts.exports = exports.keys.length;
    counts.databaseRecords += traces + exports.keys.length;
    const queued = await queueModelDeletions(tx, deps, [...modelReferencesOf(row), ...updateRuns]);
    return { counts, predictions, exports, queued };
  });
  await deleteFilesUnder(deps.storage, prefix);
  if (!erased) return null;
  await deleteExportFiles(deps, erased.exports);
  const models = await deleteModelsNow(deps, erased.queued);
  return { counts: erased.counts, providers: [...models, ...erased.predictions] };
}

/**
 * Deletes a family and everything in it: members, invitations, picture, and every child with their
 * files and models. Returns what it was (for the confirmation), or null when it was already gone.
 */
export async function eraseFamily(
  deps: ErasureDeps,
  familyId: string,
): Promise<{ name: string; childCount: number; tally: DeletionTally } | null> {
  const prefix = familyStoragePrefix(familyId);
  await deleteFilesUnder(deps.storage, prefix);
  const erased = await deps.db.transaction(async (tx) => {
    const [family] = await tx.select().from(organization).where(eq(organization.id, familyId)).for("update");
    if (!family) return null;
    const children = await tx.select().from(child).where(eq(child.organizationId, familyId)).for("update");
    const childIds = children.map((row) => row.id);
    const counts = await countChildData(tx, childIds);
    const predictions = await predictionAnswers(tx, deps, childIds);
    const updateRuns = await yearlyUpdateReferences(tx, childIds);
    const ofFamily = async (
      table: typeof member | typeof invitation | typeof familyPicture | typeof familySuspension,
    ) => counted(tx.select({ n: count() }).from(table).where(eq(table.organizationId, familyId)));
    const familyRows =
      1 +
      (await ofFamily(member)) +
      (await ofFamily(invitation)) +
      (await ofFamily(familyPicture)) +
      (await ofFamily(familySuspension)) +
      (await counted(
        tx
          .select({ n: count() })
          .from(safetyHold)
          .where(and(eq(safetyHold.organizationId, familyId), isNull(safetyHold.childId))),
      ));
    // Before the members go: their exports are what may hold the family.
    const exports = await dropExportsHoldingFamily(tx, deps.boss, familyId);
    // Members, invitations, the picture, children, their photos and portraits all cascade.
    await tx.delete(organization).where(eq(organization.id, familyId));
    await tx
      .update(session)
      .set({ activeOrganizationId: null })
      .where(eq(session.activeOrganizationId, familyId));
    const traces = await eraseChildTraces(tx, childIds);
    counts.exports = exports.keys.length;
    counts.databaseRecords += familyRows + traces + exports.keys.length;
    const queued = await queueModelDeletions(tx, deps, [
      ...children.flatMap(modelReferencesOf),
      ...updateRuns,
    ]);
    return { name: family.name, childCount: children.length, queued, counts, predictions, exports };
  });
  await deleteFilesUnder(deps.storage, prefix);
  if (!erased) return null;
  await deleteExportFiles(deps, erased.exports);
  const models = await deleteModelsNow(deps, erased.queued);
  return {
    name: erased.name,
    childCount: erased.childCount,
    tally: { counts: erased.counts, providers: [...models, ...erased.predictions] },
  };
}
