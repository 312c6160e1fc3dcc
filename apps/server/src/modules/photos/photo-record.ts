import type { UploadedPhoto } from "@wonderkin/contract";
import type { childPhoto } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";

export type PhotoRow = typeof childPhoto.$inferSelect;

/** What the set says about one photo (photo-set.ts): whose face, adult-looking, its rank. */
export type PhotoVerdict = Pick<UploadedPhoto, "identity" | "looksAdult" | "qualityRank" | "qualityIssues">;

/** The API's view of a photo: its row, fresh signed addresses, and what the set says about it. */
export async function toUploadedPhoto(
  storage: Storage,
  row: PhotoRow,
  verdict: PhotoVerdict,
): Promise<UploadedPhoto> {
  const [url, thumbnailUrl] = await Promise.all([
    storage.signedUrl(row.storageKey),
    storage.signedUrl(row.thumbnailKey),
  ]);
  return {
    id: row.id,
    url,
    thumbnailUrl,
    width: row.width,
    height: row.height,
    blurry: row.blurry,
    originalName: row.originalName,
    createdAt: row.createdAt.toISOString(),
    faceBox: row.faceBox ?? null,
    ...verdict,
  };
}
