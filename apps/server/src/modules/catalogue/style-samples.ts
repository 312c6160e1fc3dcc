import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { findCategory, findStyle } from "@wonderkin/contract";

/**
 * The operator's sample images (SAMPLES_DIR, default DATA_DIR/samples): a file named
 * `<style-or-category-id>.webp|png|jpg` replaces that preview's drawn art in the catalogue and on
 * the landing. The folder is read on each call, so a file dropped in (or removed) shows on the
 * next page load without a restart.
 */

export type StyleSample = {
  id: string;
  file: string;
  contentType: string;
  size: number;
  modifiedMs: number;
  /** Changes whenever the file does: part of its URL, so browsers never keep an old picture. */
  version: string;
};

const SAMPLE_NAME = /^([A-Za-z0-9][A-Za-z0-9-]{0,63})\.(webp|png|jpe?g)$/i;
/** A preview is a small picture; anything larger is a mistake, not a sample. */
export const SAMPLE_MAX_BYTES = 5 * 1024 * 1024;
const TYPES = { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" } as const;
/** When one id has several files, the lightest kind of file wins. */
const PREFERENCE = ["webp", "jpg", "jpeg", "png"] as const;

type Kind = keyof typeof TYPES;

/** Whether the file's first bytes are really the image its extension says (no HTML, SVG or script). */
function looksLike(kind: Kind, head: Buffer): boolean {
  switch (kind) {
    case "webp":
      return head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP";
    case "png":
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    default:
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  }
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    return head;
  } finally {
    await handle.close();
  }
}

/** Sniffed files, by name, size and time: the folder is listed per request, the bytes read once. */
const checked = new Map<string, boolean>();

/** Only ids of the catalogue: a stray file never becomes a URL of its own. */
function isCatalogueId(id: string): boolean {
  return Boolean(findStyle(id) ?? findCategory(id));
}

/** Every usable sample in the folder, one per id; none when the folder does not exist. */
export async function listStyleSamples(dir: string): Promise<StyleSample[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const byId = new Map<string, StyleSample & { kind: Kind }>();
  for (const entry of entries) {
    // Plain files only: a symlink could point anywhere on the host.
    if (!entry.isFile()) continue;
    const match = SAMPLE_NAME.exec(entry.name);
    if (!match) continue;
    const id = match[1] as string;
    const kind = (match[2] as string).toLowerCase() as Kind;
    if (!isCatalogueId(id)) continue;
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size === 0 || info.size > SAMPLE_MAX_BYTES) continue;
    const key = `${file}:${info.size}:${info.mtimeMs}`;
    let valid = checked.get(key);
    if (valid === undefined) {
      valid = looksLike(kind, await readHead(file).catch(() => Buffer.alloc(0)));
      if (checked.size > 1000) checked.clear();
      checked.set(key, valid);
    }
    if (!valid) continue;
    const sample = {
      id,
      kind,
      file,
      contentType: TYPES[kind],
      size: info.size,
      modifiedMs: info.mtimeMs,
      version: `${Math.round(info.mtimeMs).toString(36)}${info.size.toString(36)}`,
    };
    const kept = byId.get(id);
    if (!kept || PREFERENCE.indexOf(kind) < PREFERENCE.indexOf(kept.kind)) byId.set(id, sample);
  }
  return [...byId.values()]
    .map(({ kind: _kind, ...sample }) => sample)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The sample of one style or category, or null. */
export async function findStyleSample(dir: string, id: string): Promise<StyleSample | null> {
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/.test(id)) return null;
  const samples = await listStyleSamples(dir);
  return samples.find((sample) => sample.id === id) ?? null;
}

/** The URL the web app shows a sample at (`/samples/<id>?v=<version>`). */
export function styleSampleUrl(sample: Pick<StyleSample, "id" | "version">): string {
  return `/samples/${encodeURIComponent(sample.id)}?v=${sample.version}`;
}
