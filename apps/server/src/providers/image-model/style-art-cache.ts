import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type StyleArt, styleArtSvg } from "@wonderkin/contract";
import sharp from "sharp";

/**
 * Rasterising a style's SVG art is most of a local portrait's cost (≈ 60–120 ms at 1024×1280), and
 * the art depends only on the style, the size and the layout seed. A portrait therefore uses one of
 * a few layouts per style (picked by its seed, so same seed → same bytes) and each layout is drawn
 * once: kept in memory (a small LRU, per thread) and as a PNG on disk, shared by every thread and
 * restart.
 */
export const ART_LAYOUTS_PER_STYLE = 4;
/** Decoded art is ≈ 5 MB (RGBA); beyond these, the PNG on disk (in the OS page cache) decodes in ≈ 10 ms. */
const MEMORY_ENTRIES = 12;

type Raster = { data: Buffer; width: number; height: number; channels: 3 | 4 };

const memory = new Map<string, Promise<Raster>>();

function remember(key: string, raster: Promise<Raster>): Promise<Raster> {
  memory.set(key, raster);
  raster.catch(() => memory.delete(key));
  while (memory.size > MEMORY_ENTRIES) {
    const oldest = memory.keys().next().value;
    if (oldest === undefined) break;
    memory.delete(oldest);
  }
  return raster;
}

async function toRaster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

async function drawAndKeep(art: StyleArt, options: ArtRequest, file: string | null): Promise<Raster> {
  if (file) {
    const kept = await readFile(file).catch(() => null);
    if (kept) return toRaster(kept);
  }
  const svg = styleArtSvg(art, { width: options.width, height: options.height, seed: options.layoutSeed });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  if (file) {
    // Written under a unique name, then renamed: two threads drawing the same art never leave a
    // half-written file for a third to read.
    const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, png);
    await rename(partial, file);
  }
  return toRaster(png);
}

type ArtRequest = { styleId: string; width: number; height: number; layoutSeed: number };

/** The style's art at this size and layout, as raw pixels, drawn at most once per cache. */
export function styleArtRaster(
  art: StyleArt,
  options: ArtRequest & { cacheDir: string | null },
): Promise<Raster> {
  const key = `${options.styleId}-${options.width}x${options.height}-${options.layoutSeed}`;
  const cached = memory.get(key);
  if (cached) {
    // Most recently used goes last, so the LRU drops the coldest.
    memory.delete(key);
    memory.set(key, cached);
    return cached;
  }
  const file = options.cacheDir ? path.join(options.cacheDir, `${key}.png`) : null;
  return remember(key, drawAndKeep(art, options, file));
}
