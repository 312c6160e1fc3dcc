import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { safetyHold } from "../../db/schema";
import type { SafetyScores } from "../../image-work/safety/safety-classifier";
import type { Storage } from "../../providers/storage/storage";
import { childStoragePrefix, familyStoragePrefix } from "../storage-layout/family-storage-prefix";
import { sealQuarantined } from "./quarantine-crypto";
import { failedOutcome, type SafetyScreen, type SafetySubject } from "./safety-screen";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Under the child's (or, for the family picture, the family's) own prefix, so deleting the child,
 * the family or the account deletes a kept picture with everything else; never a key any route signs.
 */
export const quarantineKeyOf = (hold: { id: string; familyId: string; childId: number | null }) =>
  `${hold.childId === null ? familyStoragePrefix(hold.familyId) : childStoragePrefix(hold.familyId, hold.childId)}quarantine/${hold.id}.bin`;

export type HeldPicture = {
  subject: SafetySubject;
  /** "classifier": our screen; "provider": the image provider's own safety flag (no scores, no bytes). */
  reason: "classifier" | "provider";
  familyId: string;
  childId: number | null;
  userId: string | null;
  generatedImageId?: string | null;
  /** The provider's run that made it: a run is held once, however often it is settled. */
  providerRunId?: string | null;
  sha256: string | null;
  scores: SafetyScores | null;
  /** The picture itself, kept (encrypted) only when SAFETY_QUARANTINE_DAYS > 0. */
  bytes: Buffer | null;
};

/**
 * Records a picture the screen stopped: its hash, scores, family and reason, and — only when an
 * operator asked for a review window — the picture itself, encrypted. Logs one warning with ids
 * and scores (never the picture). Answers the hold's id, or null when this run was already held.
 */
export async function holdPicture(
  deps: { db: Database; storage: Storage; safety: SafetyScreen },
  held: HeldPicture,
): Promise<string | null> {
  const id = randomBytes(12).toString("base64url");
  const keep = deps.safety.quarantineDays > 0 && held.bytes !== null;
  const quarantineKey = keep ? quarantineKeyOf({ id, ...held }) : null;
  if (quarantineKey && held.bytes) {
    await deps.storage.put(
      quarantineKey,
      sealQuarantined(deps.safety.secret, held.bytes),
      "application/octet-stream",
    );
  }
  let inserted: { id: string }[];
  try {
    inserted = await deps.db
      .insert(safetyHold)
      .values({
        id,
        subject: held.subject,
        outcome: failedOutcome(held.subject),
        reason: held.reason,
        organizationId: held.familyId,
        childId: held.childId,
        generatedImageId: held.generatedImageId ?? null,
        providerRunId: held.providerRunId ?? null,
        userId: held.userId,
        imageSha256: held.sha256,
        scores: held.scores,
        quarantineKey,
        quarantineUntil: quarantineKey ? new Date(Date.now() + deps.safety.quarantineDays * DAY_MS) : null,
      })
      .onConflictDoNothing()
      .returning({ id: safetyHold.id });
  } catch (error) {
    if (quarantineKey) await deps.storage.delete([quarantineKey]);
    throw error;
  }
  if (inserted.length === 0) {
    if (quarantineKey) await deps.storage.delete([quarantineKey]);
    return null;
  }
  deps.safety.logger.warn(
    {
      holdId: id,
      subject: held.subject,
      outcome: failedOutcome(held.subject),
      reason: held.reason,
      familyId: held.familyId,
      childId: held.childId,
      imageId: held.generatedImageId ?? null,
      scores: held.scores,
      kept: quarantineKey !== null,
    },
    held.reason === "provider"
      ? "image provider flagged a picture as unsafe"
      : "picture failed the safety check",
  );
  return id;
}
