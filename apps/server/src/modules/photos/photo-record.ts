import type { UploadedPhoto } from "@wonderkin/contract";
import type { childPhoto } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";

type PhotoRow = typeof childPhoto.$inferSelect;

export async function toUploadedPhoto(storage: Storage, row: PhotoRow): Promise<UploadedPhoto> {
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
  };
}
