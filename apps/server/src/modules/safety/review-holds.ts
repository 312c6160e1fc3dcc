import { type SafetyHold, safetyErrorCodes } from "@wonderkin/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { safetyAudit, safetyHold } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../providers/storage/storage";
import { setFamilySuspended } from "./family-suspension";
import { openQuarantined } from "./quarantine-crypto";

type HoldRow = typeof safetyHold.$inferSelect;

export function toSafetyHold(row: HoldRow): SafetyHold {
  return {
    id: row.id,
    subject: row.subject as SafetyHold["subject"],
    outcome: row.outcome as SafetyHold["outcome"],
    reason: row.reason as SafetyHold["reason"],
    familyId: row.organizationId,
    childId: row.childId,
    portraitId: row.generatedImageId,
    userId: row.userId,
    imageSha256: row.imageSha256,
    scores: row.scores,
    imageKept: row.quarantineKey !== null,
    quarantineUntil: row.quarantineUntil?.toISOString() ?? null,
    status: row.status as SafetyHold["status"],
    decidedAt: row.decidedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    deliveryNote: row.deliveryNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Held items, newest first (by default those still waiting for an operator). */
export async function listSafetyHolds(
  db: Database,
  options: { status?: SafetyHold["status"] | undefined; limit?: number | undefined } = {},
): Promise<SafetyHold[]> {
  const rows = await db
    .select()
    .from(safetyHold)
    .where(eq(safetyHold.status, options.status ?? "held"))
    .orderBy(desc(safetyHold.createdAt))
    .limit(options.limit ?? 100);
  return rows.map(toSafetyHold);
}

export async function listSafetyAudit(db: Database, options: { limit?: number | undefined } = {}) {
  const rows = await db
    .select()
    .from(safetyAudit)
    .orderBy(desc(safetyAudit.id))
    .limit(options.limit ?? 100);
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor,
    action: row.action,
    holdId: row.holdId,
    familyId: row.organizationId,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  }));
}

type Decision = { holdId: string; operator: string; reason: string };

/**
 * Claims a held item for one decision, with the audit entry, in one transaction: of two operators
 * deciding the same item at once, one wins and the other is told it was already decided.
 */
async function decide(
  db: Database,
  decision: Decision & { status: "released" | "confirmed"; details?: Record<string, unknown> },
  check: (row: HoldRow) => void,
): Promise<HoldRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(safetyHold).where(eq(safetyHold.id, decision.holdId)).for("update");
    if (!row) throw new AppError(404, safetyErrorCodes.holdNotFound, `No held item ${decision.holdId}.`);
    if (row.status !== "held") {
      throw new AppError(
        409,
        safetyErrorCodes.holdAlreadyDecided,
        `This item was already ${row.status} on ${row.decidedAt?.toISOString() ?? "an earlier date"}.`,
      );
    }
    check(row);
    const [decided] = await tx
      .update(safetyHold)
      .set({ status: decision.status, decidedAt: new Date() })
      .where(and(eq(safetyHold.id, row.id), eq(safetyHold.status, "held")))
      .returning();
    if (!decided) throw new Error("The held item changed while it was being decided");
    await tx.insert(safetyAudit).values({
      actor: decision.operator,
      action: decision.status === "released" ? "release" : "confirm",
      holdId: row.id,
      organizationId: row.organizationId,
      reason: decision.reason,
      details: { subject: row.subject, ...decision.details },
    });
    return decided;
  });
}

/**
 * A false positive: the item is released and the worker delivers the kept picture to the family
 * (deliver-released.ts). Without a kept picture there is nothing to deliver, which the operator is
 * told rather than shown a release that does nothing.
 */
export async function releaseSafetyHold(db: Database, decision: Decision): Promise<SafetyHold> {
  const row = await decide(db, { ...decision, status: "released" }, (held) => {
    if (!held.quarantineKey) {
      throw new AppError(
        409,
        safetyErrorCodes.holdHasNoImage,
        "No picture was kept for this item (SAFETY_QUARANTINE_DAYS was 0 when it was held), so there is nothing to deliver. The parent can upload the photo again, or make the portrait again at no cost after a credit adjustment.",
      );
    }
  });
  return toSafetyHold(row);
}

/**
 * A true positive: any kept picture is deleted at once and, if asked, the family may no longer
 * generate (lifted with setFamilySuspended).
 */
export async function confirmSafetyHold(
  deps: { db: Database; storage: Storage },
  decision: Decision & { suspendFamily?: boolean | undefined },
): Promise<{ hold: SafetyHold; familySuspended: boolean }> {
  const row = await decide(
    deps.db,
    { ...decision, status: "confirmed", details: { suspendFamily: decision.suspendFamily === true } },
    () => {},
  );
  if (row.quarantineKey) {
    await deps.storage.delete([row.quarantineKey]);
    await deps.db
      .update(safetyHold)
      .set({ quarantineKey: null, quarantineUntil: null })
      .where(eq(safetyHold.id, row.id));
  }
  const familySuspended = decision.suspendFamily
    ? await setFamilySuspended(deps.db, {
        familyId: row.organizationId,
        suspended: true,
        operator: decision.operator,
        reason: decision.reason,
        holdId: row.id,
      })
    : false;
  const [after] = await deps.db.select().from(safetyHold).where(eq(safetyHold.id, row.id));
  return { hold: toSafetyHold(after ?? row), familySuspended };
}

/**
 * The kept picture of a held item, decrypted, for an operator to look at (or to preserve before a
 * confirmation deletes it). Viewing is recorded in the audit log like any decision.
 */
export async function readHeldPicture(
  deps: { db: Database; storage: Storage; secret: string },
  request: Decision,
): Promise<Buffer> {
  const [row] = await deps.db.select().from(safetyHold).where(eq(safetyHold.id, request.holdId));
  if (!row) throw new AppError(404, safetyErrorCodes.holdNotFound, `No held item ${request.holdId}.`);
  const file = row.quarantineKey ? await deps.storage.get(row.quarantineKey) : null;
  if (!file) {
    throw new AppError(
      409,
      safetyErrorCodes.holdHasNoImage,
      "No picture is kept for this item (SAFETY_QUARANTINE_DAYS was 0, its days ended, or it was decided).",
    );
  }
  await deps.db.insert(safetyAudit).values({
    actor: request.operator,
    action: "view",
    holdId: row.id,
    organizationId: row.organizationId,
    reason: request.reason,
  });
  return openQuarantined(deps.secret, file);
}
