import { and, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { generatedImage, safetyHold } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { openQuarantined } from "./quarantine-crypto";
import type { SafetyDeps } from "./safety-deps";

type HoldRow = typeof safetyHold.$inferSelect;

/** Delivered, or why it could not be (kept on the hold for the operator to read). */
type Delivery = { delivered: true } | { delivered: false; note: string } | "later";

async function deliverPortrait(deps: SafetyDeps, hold: HoldRow, picture: Buffer): Promise<Delivery> {
  if (!hold.generatedImageId) return { delivered: false, note: "The portrait was deleted." };
  const [row] = await deps.db
    .select()
    .from(generatedImage)
    .where(eq(generatedImage.id, hold.generatedImageId));
  if (!row) return { delivered: false, note: "The portrait was deleted." };
  // Its free second render is still being made: decide once that one is settled.
  if (row.status === "pending" || row.status === "processing") return "later";
  if (row.status === "succeeded") {
    return { delivered: false, note: "The portrait's second render passed and was delivered instead." };
  }
  // Failed and refunded: the released picture becomes the portrait, at no cost (it was our error).
  const stored = await deps.deliver.storePortrait(row, picture, {
    where: and(eq(generatedImage.id, row.id), eq(generatedImage.status, "failed")),
    set: { safety: "released", error: null },
  });
  if (stored === "gone" || stored === null) return { delivered: false, note: "The portrait was deleted." };
  return { delivered: true };
}

async function deliverPhoto(deps: SafetyDeps, hold: HoldRow, picture: Buffer): Promise<Delivery> {
  if (!hold.userId || hold.childId === null) {
    return { delivered: false, note: "The parent or the child no longer exists." };
  }
  try {
    await deps.deliver.uploadPhoto({
      userId: hold.userId,
      familyId: hold.organizationId,
      childId: hold.childId,
      bytes: picture,
      screening: "released",
    });
    return { delivered: true };
  } catch (error) {
    // The set changed meanwhile (full, a duplicate, consent withdrawn): the parent can upload again.
    if (error instanceof AppError) return { delivered: false, note: error.message };
    throw error;
  }
}

async function deliver(deps: SafetyDeps, hold: HoldRow, picture: Buffer): Promise<Delivery> {
  switch (hold.subject) {
    case "portrait":
    case "preview":
      return deliverPortrait(deps, hold, picture);
    case "photo":
      return deliverPhoto(deps, hold, picture);
    case "family_picture":
      await deps.deliver.setFamilyPicture(hold.organizationId, picture);
      return { delivered: true };
    default:
      return { delivered: false, note: `Nothing delivers a ${hold.subject}.` };
  }
}

/**
 * The worker's half of a release (decision 0038): each item an operator released is delivered to
 * its family from the kept, encrypted copy — a portrait becomes the finished portrait, a photo
 * joins the child's set, a family picture is set — and the copy is then deleted. Idempotent: an
 * item is marked delivered (or given the reason it could not be) once.
 */
export async function deliverReleasedHolds(deps: SafetyDeps): Promise<number> {
  const { db, storage } = deps;
  const released = await db
    .select()
    .from(safetyHold)
    .where(
      and(
        eq(safetyHold.status, "released"),
        isNull(safetyHold.deliveredAt),
        isNull(safetyHold.deliveryNote),
        isNotNull(safetyHold.quarantineKey),
      ),
    )
    .limit(20);
  let delivered = 0;
  for (const hold of released) {
    const key = hold.quarantineKey as string;
    const file = await storage.get(key);
    const outcome: Delivery = file
      ? await deliver(deps, hold, openQuarantined(deps.safety.secret, file))
      : { delivered: false, note: "The kept picture was already deleted." };
    if (outcome === "later") continue;
    await db
      .update(safetyHold)
      .set(
        outcome.delivered
          ? { deliveredAt: new Date(), quarantineKey: null, quarantineUntil: null }
          : { deliveryNote: outcome.note, quarantineKey: null, quarantineUntil: null },
      )
      .where(eq(safetyHold.id, hold.id));
    await storage.delete([key]);
    if (outcome.delivered) delivered += 1;
  }
  return delivered;
}

/**
 * Deletes kept pictures whose review window (SAFETY_QUARANTINE_DAYS) has ended, whatever their
 * hold's state; the hold keeps its hash and scores.
 */
export async function purgeExpiredQuarantine(deps: Pick<SafetyDeps, "db" | "storage">): Promise<number> {
  const expired = await deps.db
    .select({ id: safetyHold.id, key: safetyHold.quarantineKey })
    .from(safetyHold)
    .where(and(isNotNull(safetyHold.quarantineKey), lt(safetyHold.quarantineUntil, new Date())))
    .limit(500);
  if (expired.length === 0) return 0;
  await deps.storage.delete(expired.map((row) => row.key as string));
  await deps.db
    .update(safetyHold)
    .set({ quarantineKey: null, quarantineUntil: null })
    .where(
      inArray(
        safetyHold.id,
        expired.map((row) => row.id),
      ),
    );
  return expired.length;
}
