/**
 * The storage port: private files (children's photos, thumbnails, portraits) by key. Keys are
 * paths like `families/{familyId}/children/{childId}/photos/{photoId}.jpg`, so everything of a
 * child (or a family) can be listed and deleted by prefix.
 */
export type Storage = {
  kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[]): Promise<void>;
  /** Every key under a prefix (deletion proofs, exports, purges). */
  list(prefix: string): Promise<string[]>;
  /**
   * An address the browser can load for a while without credentials; with `downloadName`, the
   * browser saves the file under that name instead of showing it. `expiresInSeconds` overrides
   * the storage's usual lifetime (a link in an e-mail must outlive a page view).
   */
  signedUrl(key: string, options?: { downloadName?: string; expiresInSeconds?: number }): Promise<string>;
  /**
   * One address for a picture that comes in sizes (a portrait and its thumbnail), answered by the
   * server's media route (http/media-routes.ts): it serves the size asked for from local disk, or
   * sends the browser to the bucket's presigned address of it. The size is not signed (decision 0065).
   */
  pictureUrl(key: string): string;
};

/**
 * A write refused because the disk (ENOSPC) or the quota (EDQUOT) is full. The storage leaves
 * nothing of the file behind; the API answers 507 STORAGE_FULL with a message a parent can read.
 */
export class StorageFullError extends Error {
  constructor(
    readonly key: string,
    options: { cause: unknown },
  ) {
    super(`No space left to store ${key}`, options);
    this.name = "StorageFullError";
  }
}

/** ENOSPC or EDQUOT: no room on the disk, or in the quota of the user the server runs as. */
export const isOutOfSpace = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
};

/** Keys are made by us; this refuses anything that could escape a folder or confuse a bucket. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split("/").some((part) => part.startsWith("."))
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** A file name safe to put in a Content-Disposition header: letters, digits, dot, dash, underscore. */
export function safeDownloadName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+/, "")
    .slice(0, 100);
  return cleaned || "download";
}
