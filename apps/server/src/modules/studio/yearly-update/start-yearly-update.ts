import { randomUUID } from "node:crypto";
import {
  yearlyUpdateErrorCodes as codes,
  yearlyUpdateMessages as messages,
  type YearlyUpdateState,
} from "@wonderkin/contract";
import { asc } from "drizzle-orm";
import { childPhoto, childYearlyUpdate } from "../../../db/schema";
import { sendJobInTransaction } from "../../../jobs/send-in-transaction";
import { AppError } from "../../../lib/app-error";
import { type ChildRow, findFamilyChild } from "../../children/child-record";
import {
  bytesToDescriptor,
  type Descriptor,
  descriptorToBytes,
  faceDistance,
} from "../../photos/face-identity";
import type { StudioDeps } from "../studio-deps";
import { yearlyUpdateJob } from "../studio-job-specs";
import { checkAdultQuestionsAnswered, checkOneChild } from "../training";
import {
  addedSinceTraining,
  latestYearlyUpdate,
  photosNeededFor,
  toYearlyUpdateState,
  updateAvailableOn,
} from "./yearly-update-record";

const friendlyDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The state of the family's child's yearly update, for the page. */
export async function yearlyUpdateStateOf(
  deps: Pick<StudioDeps, "db" | "env">,
  options: { familyId: string; childId: number },
): Promise<YearlyUpdateState> {
  const kid = await findFamilyChild(deps.db, options);
  return toYearlyUpdateState(deps, kid, await latestYearlyUpdate(deps.db, kid.id));
}

/**
 * This year's photos must show the child the model knows: their own reference face (the photo most
 * typical of them) is compared with the reference face fixed at the last training. A year changes a
 * child's face less than the distance between two people (decision 0069 says what is not measured).
 */
function requireSameChild(kid: ChildRow, reference: Descriptor | null, threshold: number): void {
  if (!reference || !kid.referenceDescriptor) return;
  if (faceDistance(bytesToDescriptor(kid.referenceDescriptor), reference) > threshold) {
    throw new AppError(409, codes.notSameChild, messages.notSameChild.replaceAll("{name}", kid.firstName));
  }
}

/**
 * Starts (or retries) a trained child's yearly update from the photos added since its model was
 * trained, once the model is YEARLY_UPDATE_MIN_DAYS old. The photos are checked as one child, the
 * same child as before, with no adult question open; the update row and its job are written in one
 * transaction, and the partial unique index lets one update run at a time.
 */
export async function startYearlyUpdate(
  deps: StudioDeps,
  options: { userId: string; familyId: string; childId: number },
  now = new Date(),
): Promise<YearlyUpdateState> {
  const kid = await findFamilyChild(deps.db, options);
  const name = kid.firstName;
  const availableOn = updateAvailableOn(deps, kid);
  if (!availableOn) throw new AppError(409, codes.notTrained, messages.notTrained.replace("{name}", name));
  if (now.toISOString().slice(0, 10) < availableOn) {
    throw new AppError(
      409,
      codes.tooSoon,
      messages.tooSoon.replace("{name}", name).replace("{date}", friendlyDate(availableOn)),
    );
  }
  const inProgress = () => new AppError(409, codes.inProgress, messages.inProgress.replace("{name}", name));
  if ((await latestYearlyUpdate(deps.db, kid.id))?.status === "started") throw inProgress();
  const photos = await deps.db
    .select()
    .from(childPhoto)
    .where(addedSinceTraining(kid))
    .orderBy(asc(childPhoto.createdAt), asc(childPhoto.id));
  const min = photosNeededFor(deps);
  if (photos.length < min) {
    throw new AppError(
      409,
      codes.needsPhotos,
      messages.needsPhotos.replace("{min}", String(min)).replaceAll("{name}", name),
    );
  }
  const reference = checkOneChild(deps, kid, photos);
  checkAdultQuestionsAnswered(kid, photos);
  requireSameChild(kid, reference, deps.env.FACE_MATCH_THRESHOLD);
  const started = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(childYearlyUpdate)
      .values({
        id: randomUUID(),
        childId: kid.id,
        status: "started",
        photoIds: photos.map((photo) => photo.id),
        referenceDescriptor: reference ? descriptorToBytes(reference) : null,
        startedByUserId: options.userId,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) await sendJobInTransaction(tx, deps.boss, yearlyUpdateJob, { updateId: row.id });
    return row ?? null;
  });
  if (!started) throw inProgress();
  deps.wakeWorker?.(yearlyUpdateJob.name);
  return toYearlyUpdateState(deps, kid, started);
}
