import { type GeneratedImage, studioErrorCodes, studioMessages } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImage } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../providers/storage/storage";
import { childStoragePrefix } from "../storage-layout/family-storage-prefix";

export type PortraitRow = typeof generatedImage.$inferSelect;

/** Where a portrait's files live: under its child, so deleting the child deletes them by prefix. */
export function portraitKeys(familyId: string, childId: number, imageId: string) {
  const base = `${childStoragePrefix(familyId, childId)}portraits/${imageId}`;
  return { storageKey: `${base}.jpg`, thumbnailKey: `${base}-thumb.webp`, printKey: `${base}-print-a4.jpg` };
}

/** The API's view of a portrait, with fresh signed addresses for the files it has. */
export async function toGeneratedImage(
  storage: Storage,
  row: PortraitRow,
  wait: Pick<GeneratedImage, "queuePosition" | "estimatedSeconds"> = {
    queuePosition: null,
    estimatedSeconds: null,
  },
): Promise<GeneratedImage> {
  const fileName = `${row.styleId}-${row.id.slice(0, 8)}.jpg`;
  const [url, thumbnailUrl, downloadUrl] = row.storageKey
    ? await Promise.all([
        storage.signedUrl(row.storageKey),
        row.thumbnailKey ? storage.signedUrl(row.thumbnailKey) : storage.signedUrl(row.storageKey),
        storage.signedUrl(row.storageKey, { downloadName: fileName }),
      ])
    : [null, null, null];
  return {
    id: row.id,
    kind: row.kind === "preview" ? "preview" : "portrait",
    childId: row.childId,
    styleId: row.styleId,
    status: row.status as GeneratedImage["status"],
    progress: row.progress,
    ...wait,
    url,
    thumbnailUrl,
    downloadUrl,
    width: row.width,
    height: row.height,
    watermarked: row.watermarked,
    error: row.error,
    requestedByUserId: row.requestedByUserId,
    regeneratedFromId: row.regeneratedFromId,
    likeness: row.likeness === "passed" || row.likeness === "unlike" ? row.likeness : null,
    favourite: row.favouriteAt !== null,
    printed: row.printKey !== null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** A portrait of the family's children, or 404 — another family's portrait is "not found" too. */
export async function findFamilyPortrait(
  db: Database,
  options: { familyId: string; imageId: string },
): Promise<PortraitRow> {
  const [row] = await db
    .select()
    .from(generatedImage)
    .where(and(eq(generatedImage.id, options.imageId), eq(generatedImage.organizationId, options.familyId)));
  if (!row) throw new AppError(404, studioErrorCodes.imageNotFound, studioMessages.imageNotFound);
  return row;
}

export const unfinishedStatuses = ["pending", "processing"] as const;

/** Asked for and not yet settled: its credit is spent, its outcome unknown. */
export const isUnfinished = (row: Pick<PortraitRow, "status">) =>
  (unfinishedStatuses as readonly string[]).includes(row.status);
