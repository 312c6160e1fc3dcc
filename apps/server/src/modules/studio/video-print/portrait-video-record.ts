import type { PortraitVideo } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { portraitVideo } from "../../../db/schema";
import type { Storage } from "../../../providers/storage/storage";
import { childStoragePrefix } from "../../storage-layout/family-storage-prefix";

export type VideoRow = typeof portraitVideo.$inferSelect;

/** A clip unfinished this long after it was asked for has failed (and is refunded). */
export const VIDEO_DEADLINE_MS = 15 * 60 * 1000;

export const unfinishedVideoStatuses = ["pending", "processing"] as const;
export const isUnfinishedVideo = (row: Pick<VideoRow, "status">) =>
  (unfinishedVideoStatuses as readonly string[]).includes(row.status);

/** Beside its portrait's files, under the child's prefix: deleting the child deletes it by prefix. */
export function videoKey(familyId: string, childId: number, imageId: string, videoId: string): string {
  return `${childStoragePrefix(familyId, childId)}portraits/${imageId}-video-${videoId}.mp4`;
}

/**
 * A clip's type from its stored key: MP4 since decision 0057; clips made before it are animated
 * WebP files and stay served as such.
 */
export function videoContentType(storageKey: string): "video/mp4" | "image/webp" {
  return storageKey.endsWith(".webp") ? "image/webp" : "video/mp4";
}

const extensionOf = (storageKey: string) => (videoContentType(storageKey) === "image/webp" ? "webp" : "mp4");

/** The API's view of a clip, with fresh signed addresses once it exists. */
export async function toPortraitVideo(
  storage: Storage,
  row: VideoRow,
  styleId: string,
): Promise<PortraitVideo> {
  const [url, downloadUrl] = row.storageKey
    ? await Promise.all([
        storage.signedUrl(row.storageKey),
        storage.signedUrl(row.storageKey, {
          downloadName: `${styleId}-${row.imageId.slice(0, 8)}-video.${extensionOf(row.storageKey)}`,
        }),
      ])
    : [null, null];
  return {
    id: row.id,
    imageId: row.imageId,
    status: row.status as PortraitVideo["status"],
    progress: row.progress,
    url,
    downloadUrl,
    contentType: row.storageKey ? videoContentType(row.storageKey) : null,
    width: row.width,
    height: row.height,
    frames: row.frames,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The stored files of a portrait's clips, to delete with the portrait. */
export async function videoKeysOf(db: Database, imageId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: portraitVideo.storageKey })
    .from(portraitVideo)
    .where(eq(portraitVideo.imageId, imageId));
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}
