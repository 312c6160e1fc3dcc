import { eq, like, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { analyticsEvent, child, creditLedger, mailOutbox, organization, session } from "../../db/schema";
import { sendJobInTransaction } from "../../jobs/send-in-transaction";
import type { ImageModel } from "../../providers/image-model/image-model";
import type { Storage } from "../../providers/storage/storage";
import type { ChildRow } from "../children/child-record";
import { CHILD_SUFFIX_REGEXP, childNotePattern, FORMER_CHILD } from "../credits/portrait-spend-note";
import { childStoragePrefix, familyStoragePrefix } from "../photos/photo-storage-keys";
import type { ErasureDeps } from "./privacy-deps";
import { deleteModelJob, type ModelReference } from "./privacy-job-specs";

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
 * Deletes one model at the provider. A training still running is cancelled first; asking about a
 * failed or cancelled run makes the adapter remove what it had made. Throws while that is not
 * finished, so the job tries again later.
 */
export async function deleteModelAtProvider(
  imageModel: ImageModel,
  reference: ModelReference,
): Promise<void> {
  if ("modelVersion" in reference) return imageModel.deleteModel(reference.modelVersion);
  let run = await imageModel.getTraining(reference.trainingId);
  if (run.status === "running") {
    await imageModel.cancelTraining(reference.trainingId);
    run = await imageModel.getTraining(reference.trainingId);
    if (run.status === "running") {
      throw new Error(`The training ${reference.trainingId} is still being cancelled`);
    }
  }
  if (run.status === "succeeded" && run.modelVersion) await imageModel.deleteModel(run.modelVersion);
}

export async function deleteFilesUnder(storage: Storage, prefix: string): Promise<void> {
  const keys = await storage.list(prefix);
  if (keys.length > 0) await storage.delete(keys);
}

/** Removes what names the children outside their own rows. Runs inside the deleting transaction. */
async function eraseChildTraces(tx: Database, childIds: number[]): Promise<void> {
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
    await tx.delete(mailOutbox).where(like(mailOutbox.link, `%/kids/children/${id}/%`));
  }
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

async function deleteModelsNow(deps: ErasureDeps, queued: QueuedDeletion[]): Promise<void> {
  for (const { reference, jobId } of queued) {
    try {
      await deleteModelAtProvider(deps.imageModel, reference);
    } catch {
      // Left to the queued job, which retries with backoff.
      continue;
    }
    // Done: the safety net is not needed (if it already ran, it found nothing left to delete).
    await deps.boss.deleteJob(deleteModelJob.name, jobId).catch(() => undefined);
  }
}

/** Deletes one child and everything of it. Returns false when the child was already gone. */
export async function eraseChild(deps: ErasureDeps, found: Pick<ChildRow, "id" | "organizationId">) {
  const prefix = childStoragePrefix(found.organizationId, found.id);
  await deleteFilesUnder(deps.storage, prefix);
  const queued = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(child).where(eq(child.id, found.id)).for("update");
    if (!row) return null;
    await tx.delete(child).where(eq(child.id, row.id));
    await eraseChildTraces(tx, [row.id]);
    return queueModelDeletions(tx, deps, modelReferencesOf(row));
  });
  await deleteFilesUnder(deps.storage, prefix);
  if (queued) await deleteModelsNow(deps, queued);
  return queued !== null;
}

/**
 * Deletes a family and everything in it: members, invitations, picture, and every child with their
 * files and models. Returns what it was (for the confirmation), or null when it was already gone.
 */
export async function eraseFamily(
  deps: ErasureDeps,
  familyId: string,
): Promise<{ name: string; childCount: number } | null> {
  const prefix = familyStoragePrefix(familyId);
  await deleteFilesUnder(deps.storage, prefix);
  const erased = await deps.db.transaction(async (tx) => {
    const [family] = await tx.select().from(organization).where(eq(organization.id, familyId)).for("update");
    if (!family) return null;
    const children = await tx.select().from(child).where(eq(child.organizationId, familyId)).for("update");
    // Members, invitations, the picture, children, their photos and portraits all cascade.
    await tx.delete(organization).where(eq(organization.id, familyId));
    await tx
      .update(session)
      .set({ activeOrganizationId: null })
      .where(eq(session.activeOrganizationId, familyId));
    await eraseChildTraces(
      tx,
      children.map((row) => row.id),
    );
    const queued = await queueModelDeletions(tx, deps, children.flatMap(modelReferencesOf));
    return { name: family.name, childCount: children.length, queued };
  });
  await deleteFilesUnder(deps.storage, prefix);
  if (!erased) return null;
  await deleteModelsNow(deps, erased.queued);
  return { name: erased.name, childCount: erased.childCount };
}
