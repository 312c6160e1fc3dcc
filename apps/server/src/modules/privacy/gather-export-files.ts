import type { Storage } from "../../providers/storage/storage";
import { ownPictureVersion, profilePictureKey } from "../profile-picture/profile-picture-address";
import type { ExportData } from "./collect-export-data";

/** `12-luna`: readable, unique per child, safe in any zip tool. */
function childFolder(row: { id: number; firstName: string }): string {
  const slug = row.firstName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug ? `${row.id}-${slug}` : String(row.id);
}

const extensionOf = (key: string) => key.slice(key.lastIndexOf("."));

/**
 * Where each stored file goes in the zip: the parent's uploaded picture (decision 0059), photos,
 * portraits (with their clips) and storybooks by child.
 */
function exportPaths(data: ExportData): { key: string; path: string }[] {
  const folders = new Map(data.children.map((entry) => [entry.id, childFolder(entry)]));
  const pictureVersion = ownPictureVersion(data.person.id, data.person.image);
  return [
    ...(pictureVersion
      ? [{ key: profilePictureKey(data.person.id, pictureVersion), path: "account/picture.webp" }]
      : []),
    ...data.photos.map((photo) => ({
      key: photo.storageKey,
      path: `photos/${folders.get(photo.childId)}/${photo.id}.jpg`,
    })),
    ...data.portraits.flatMap((image) =>
      image.storageKey
        ? [{ key: image.storageKey, path: `portraits/${folders.get(image.childId)}/${image.id}.jpg` }]
        : [],
    ),
    ...data.videos.flatMap((video) =>
      video.storageKey
        ? [
            {
              key: video.storageKey,
              // .mp4, or .webp for a clip made before decision 0057: the stored file's own type.
              path: `portraits/${folders.get(video.childId)}/${video.imageId}-video-${video.id}${extensionOf(video.storageKey)}`,
            },
          ]
        : [],
    ),
    ...data.storybooks.flatMap((book) =>
      book.storageKey
        ? [{ key: book.storageKey, path: `storybooks/${folders.get(book.childId)}/${book.id}.pdf` }]
        : [],
    ),
  ];
}

/**
 * Copies every training photo, portrait, clip and storybook of the export from storage, reporting progress
 * from 5 to 90 % in steps of at least 5. A file storage no longer has is left out: `files` (storage
 * key → path in the zip) names only the ones that came along, for export.json.
 */
export async function gatherExportFiles(
  storage: Storage,
  data: ExportData,
  progress: (percent: number) => Promise<void>,
): Promise<{ entries: Record<string, Uint8Array>; files: Map<string, string> }> {
  const wanted = exportPaths(data);
  const entries: Record<string, Uint8Array> = {};
  const files = new Map<string, string>();
  let reported = 5;
  for (const [index, file] of wanted.entries()) {
    const bytes = await storage.get(file.key);
    if (bytes) {
      entries[file.path] = bytes;
      files.set(file.key, file.path);
    }
    const percent = 5 + Math.floor((85 * (index + 1)) / wanted.length);
    if (percent >= reported + 5) {
      reported = percent;
      await progress(percent);
    }
  }
  return { entries, files };
}
