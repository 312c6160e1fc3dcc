import { createStore, promisifyRequest, type UseStore } from "idb-keyval";
import { readLocal, removeLocal, writeLocal } from "./local-storage";

/**
 * Files kept on this device until a job with them is done (photos on their way to the server), so a
 * refresh, a closed tab or a crash does not lose them without a word. Each file lives in two places:
 * its bytes in IndexedDB, and a light record (name, size, type) in local storage, so that when
 * IndexedDB is unavailable (some private modes, a full disk) or a copy cannot be read back, the
 * files can at least be named. Nothing here throws: keeping is a courtesy, never a reason to fail.
 */

/** A kept file as read back; `file` is null when only its name survived. */
export type KeptFile = {
  key: string;
  name: string;
  size: number;
  type: string;
  savedAt: number;
  file: File | null;
};

type KeptRecord = Omit<KeptFile, "file">;
type StoredFile = KeptRecord & { blob: Blob };

/** Older copies are dropped when read: after a week the parent has moved on, and the device keeps no photos it need not. */
export const KEPT_FILES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const recordKey = (scope: string) => `wonderkin.kept-files.${scope}`;

let idb: UseStore | null = null;

/** Opened on first use: the module is also loaded where there is no IndexedDB (tests, the prerender). */
function store(): UseStore {
  idb ??= createStore("wonderkin-kept-files", "files");
  return idb;
}

/** Keys are [scope, key], so no scope sees another's files. */
const inScope = (key: IDBValidKey, scope: string) => Array.isArray(key) && key[0] === scope;

function isRecord(value: unknown): value is KeptRecord {
  if (typeof value !== "object" || value === null) return false;
  const { key, name, size, type, savedAt } = value as Record<string, unknown>;
  return (
    typeof key === "string" &&
    typeof name === "string" &&
    typeof size === "number" &&
    typeof type === "string" &&
    typeof savedAt === "number"
  );
}

function readRecords(scope: string): KeptRecord[] {
  const stored = readLocal(recordKey(scope));
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
  } catch {
    return [];
  }
}

function writeRecords(scope: string, records: KeptRecord[]): void {
  if (records.length === 0) removeLocal(recordKey(scope));
  else writeLocal(recordKey(scope), JSON.stringify(records));
}

/** Keeps a copy of `file` under `key` in `scope` (e.g. one child's photos) until it is forgotten. */
export async function keepFile(scope: string, key: string, file: File, now = Date.now()): Promise<void> {
  const record: KeptRecord = { key, name: file.name, size: file.size, type: file.type, savedAt: now };
  // The name first, synchronously: if the page goes before IndexedDB has written, it is still named.
  writeRecords(scope, [...readRecords(scope).filter((kept) => kept.key !== key), record]);
  try {
    await store()("readwrite", (files) =>
      promisifyRequest(files.put({ ...record, blob: file }, [scope, key])),
    );
  } catch {
    // No IndexedDB here, or no room: the record above still names the file.
  }
}

/** Forgets the files under `keys` in `scope`. */
export async function forgetFiles(scope: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const gone = new Set(keys);
  writeRecords(
    scope,
    readRecords(scope).filter((kept) => !gone.has(kept.key)),
  );
  try {
    await store()("readwrite", (files) => {
      for (const key of keys) files.delete([scope, key]);
      return promisifyRequest(files.transaction);
    });
  } catch {
    // Nothing was kept there, or it cannot be reached: either way nothing is left to offer.
  }
}

/**
 * Forgets every kept file of every scope: at sign-out, so that a shared device keeps no child's
 * photos for the next person. (The records live in local storage, which sign-out clears.) Waits at
 * most `withinMs`: a blocked database must not hold the sign-out up.
 */
export async function forgetAllKeptFiles(withinMs = 1000): Promise<void> {
  const cleared = store()("readwrite", (files) => {
    files.clear();
    return promisifyRequest(files.transaction);
  }).catch(() => {
    // No IndexedDB here: nothing was kept in it.
  });
  await Promise.race([cleared, new Promise((resolve) => setTimeout(resolve, withinMs))]);
}

/** A scope's stored files, after dropping every scope's copies older than the limit. */
async function readStored(scope: string, cutoff: number): Promise<StoredFile[]> {
  try {
    return await store()("readwrite", async (files) => {
      const found: StoredFile[] = [];
      // A cursor hands over blob handles, not their bytes: sweeping every scope here stays cheap.
      const cursor = files.openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return;
        const value = at.value as Partial<StoredFile>;
        if (typeof value.savedAt !== "number" || value.savedAt < cutoff) at.delete();
        else if (inScope(at.key, scope) && isRecord(value)) found.push(value as StoredFile);
        at.continue();
      };
      await promisifyRequest(files.transaction);
      return found;
    });
  } catch {
    return [];
  }
}

/** The copy as a File, or null when its bytes cannot be read back (a cleared or broken copy). */
async function readBack(stored: StoredFile | undefined): Promise<File | null> {
  if (!stored) return null;
  try {
    await stored.blob.slice(0, 1).arrayBuffer();
    return new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.savedAt });
  } catch {
    return null;
  }
}

/** The files kept in `scope`, oldest first; those whose copy is lost come back with `file: null`. */
export async function readKeptFiles(scope: string, now = Date.now()): Promise<KeptFile[]> {
  const cutoff = now - KEPT_FILES_MAX_AGE_MS;
  const records = readRecords(scope);
  const fresh = records.filter((kept) => kept.savedAt >= cutoff);
  if (fresh.length !== records.length) writeRecords(scope, fresh);
  const stored = new Map((await readStored(scope, cutoff)).map((kept) => [kept.key, kept]));
  // Local storage may have been cleared (sign-out) while IndexedDB was not: a copy alone counts too.
  const known = new Map<string, KeptRecord>(fresh.map((kept) => [kept.key, kept]));
  for (const kept of stored.values()) if (!known.has(kept.key)) known.set(kept.key, kept);
  const files = await Promise.all(
    [...known.values()].map(async (kept) => ({
      key: kept.key,
      name: kept.name,
      size: kept.size,
      type: kept.type,
      savedAt: kept.savedAt,
      file: await readBack(stored.get(kept.key)),
    })),
  );
  return files.sort((a, b) => a.savedAt - b.savedAt);
}
