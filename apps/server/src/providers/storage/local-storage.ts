import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { signPath } from "../../lib/signed-url";
import { assertSafeKey, isOutOfSpace, type Storage, StorageFullError, safeDownloadName } from "./storage";

/**
 * Where the server answers signed media addresses (http/media-routes.ts): every local file, and
 * with S3 the pictures that come in sizes (pictureUrl), which it sends on to the bucket.
 */
export const MEDIA_ROUTE_PREFIX = "/api/media/";

/** A key's address at the server's media route, signed with the media secret (both storages use it). */
export function signedMediaRouteUrl(secret: string, key: string, ttlSeconds?: number): string {
  assertSafeKey(key);
  return signPath(secret, `${MEDIA_ROUTE_PREFIX}${key}`, Date.now(), ttlSeconds);
}

/**
 * Files on local disk under DATA_DIR/media. Writes go to a temporary name first and are renamed,
 * so a crash never leaves half a photo. Addresses are HMAC-signed and expire.
 */
export function createLocalStorage(options: {
  root: string;
  secret: string;
  /** How long a signed address works (MEDIA_URL_TTL_SECONDS). */
  urlTtlSeconds?: number;
}): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(options.root, ...key.split("/"));
  };

  async function walk(dir: string, prefix: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const keys: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) keys.push(...(await walk(path.join(dir, entry.name), key)));
      else keys.push(key);
    }
    return keys;
  }

  return {
    kind: "local",
    async put(key, body) {
      const file = fileOf(key);
      const temporary = path.join(path.dirname(file), `.${randomBytes(6).toString("hex")}.partial`);
      try {
        for (let attempt = 0; ; attempt += 1) {
          await mkdir(path.dirname(file), { recursive: true });
          try {
            await writeFile(temporary, body);
            break;
          } catch (error) {
            // A deletion emptied and removed the folder between mkdir and write: make it again, once.
            if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt > 0) throw error;
          }
        }
        await rename(temporary, file);
      } catch (error) {
        // A failed write (a full disk leaves the file created but empty or cut short) leaves
        // nothing behind: not the temporary file, nor the folders made for it (a child's id is data).
        await rm(temporary, { force: true }).catch(() => undefined);
        await removeEmptyFolders(path.dirname(file), options.root).catch(() => undefined);
        if (isOutOfSpace(error)) throw new StorageFullError(key, { cause: error });
        throw error;
      }
    },
    async get(key) {
      return readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
      // Folders left empty go too: their names (a family's or a child's id) are data of their own.
      const folders = new Set(keys.map((key) => path.dirname(fileOf(key))));
      for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
        await removeEmptyFolders(folder, options.root);
      }
    },
    async list(prefix) {
      const clean = prefix.replace(/\/+$/, "");
      if (clean) assertSafeKey(clean);
      const base = clean ? path.join(options.root, ...clean.split("/")) : options.root;
      return walk(base, clean);
    },
    async signedUrl(key, urlOptions) {
      const signed = signedMediaRouteUrl(
        options.secret,
        key,
        urlOptions?.expiresInSeconds ?? options.urlTtlSeconds,
      );
      return urlOptions?.downloadName
        ? `${signed}&download=${encodeURIComponent(safeDownloadName(urlOptions.downloadName))}`
        : signed;
    },
    pictureUrl: (key) => signedMediaRouteUrl(options.secret, key, options.urlTtlSeconds),
  };
}

/** Removes `folder` and its parents while they are empty, never `root` itself. */
async function removeEmptyFolders(folder: string, root: string): Promise<void> {
  let current = folder;
  while (current.startsWith(`${root}${path.sep}`)) {
    try {
      await rmdir(current);
    } catch (error) {
      // Not empty: nothing above it can be empty either. Already gone: look at its parent.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return;
    }
    current = path.dirname(current);
  }
}
