import {
  type GeneratedImage,
  type PortraitPictureSize,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImage } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../providers/storage/storage";
import { childStoragePrefix } from "../storage-layout/family-storage-prefix";

export type PortraitRow = typeof generatedImage.$inferSelect;

const PICTURE_SUFFIX = ".jpg";
const THUMBNAIL_SUFFIX = "-thumb.webp";
const PRINT_SUFFIX = "-print-a4.jpg";

/** Where a portrait's files live: under its child, so deleting the child deletes them by prefix. */
export function portraitKeys(familyId: string, childId: number, imageId: string) {
  const base = `${childStoragePrefix(familyId, childId)}portraits/${imageId}`;
  return {
    storageKey: `${base}${PICTURE_SUFFIX}`,
    thumbnailKey: `${base}${THUMBNAIL_SUFFIX}`,
    printKey: `${base}${PRINT_SUFFIX}`,
  };
}

/**
 * The file a portrait's one address answers at a size (its picture or its thumbnail, which sit
 * side by side: portraitKeys), or null for a key that is no portrait's picture.
 */
export function portraitFileAt(storageKey: string, size: PortraitPictureSize): string | null {
  if (!/\/portraits\/[^/]+\.jpg$/.test(storageKey) || storageKey.endsWith(PRINT_SUFFIX)) return null;
  return size === "full" ? storageKey : `${storageKey.slice(0, -PICTURE_SUFFIX.length)}${THUMBNAIL_SUFFIX}`;
}

/**
 * The API's view of a portrait, with one fresh signed address for its picture in every size
 * (decision 0065): a gallery page signs one address per portrait, not three.
 */
export function toGeneratedImage(
  storage: Storage,
  row: PortraitRow,
  wait: Pick<GeneratedImage, "queuePosition" | "estimatedSeconds"> = {
    queuePosition: null,
    estimatedSeconds: null,
  },
): GeneratedImage {
  return {
    id: row.id,
    kind: row.kind === "preview" ? "preview" : "portrait",
    childId: row.childId,
    styleId: row.styleId,
    status: row.status as GeneratedImage["status"],
    progress: row.progress,
    ...wait,
    url: row.storageKey ? storage.pictureUrl(row.storageKey) : null,
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
