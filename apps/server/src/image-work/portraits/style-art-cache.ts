import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StyleArt } from "@wonderkin/contract";
import sharp from "sharp";
import { styleArtSvg } from "../../art/style-art";

/**
 * Rasterising a style's SVG art is most of a local portrait's cost when it is not cached (≈ 0.3 s
 * at 1024×1280, ≈ 1 s at 2048×2560 on this project's 2-core machines), and the art depends only on
 * the style, the size and the layout seed. A portrait therefore uses one of a few layouts per style
 * (picked by its seed, so same seed → same bytes) and each layout is drawn once: kept in memory (a
 * small LRU, per thread) and as a PNG on disk, shared by every thread and restart.
 */
export const ART_LAYOUTS_PER_STYLE = 4;
/**
 * The art is composed for this width (the catalogue's portrait frame): larger sizes draw the same
 * picture at a higher resolution rather than more, smaller motifs (styleArtSvg scales the number
 * of pieces with the area), so a 2048 px portrait has the look the styles were designed with.
 */
const DESIGN_WIDTH = 1024;
/**
 * Decoded art is kept as RGB (the art is opaque): ≈ 15.7 MB at 2048×2560. Beyond this budget per
 * thread, the PNG on disk (in the OS page cache) decodes in ≈ 30 ms.
 */
const MEMORY_BYTES = 128 * 1024 * 1024;
/** Part of the cached files' names: art drawn by an earlier way of drawing is not reused. */
const DRAWING_VERSION = 2;

type Raster = { data: Buffer; width: number; height: number; channels: 3 | 4 };

const memory = new Map<string, { raster: Promise<Raster>; bytes: number }>();

function remember(key: string, raster: Promise<Raster>, bytes: number): Promise<Raster> {
  memory.set(key, { raster, bytes });
  raster.catch(() => memory.delete(key));
  let total = 0;
  for (const entry of memory.values()) total += entry.bytes;
  while (total > MEMORY_BYTES && memory.size > 1) {
    const oldest = memory.keys().next().value;
    if (oldest === undefined) break;
    total -= memory.get(oldest)?.bytes ?? 0;
    memory.delete(oldest);
  }
  return raster;
}

async function toRaster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

/**
 * librsvg draws an element with `opacity` through an offscreen layer the size of the whole canvas,
 * so the art's few hundred translucent stars and dots cost hundreds of full-canvas blends: ≈ 5× the
 * drawing time at 2048×2560. For a shape with only a fill (or only a stroke) the group opacity and
 * the paint's own opacity give the same pixels, and the latter needs no layer. Shapes with both, and
 * groups, keep their `opacity`. (Measured on the catalogue: the same picture to within antialiasing,
 * at most 10/255 on a shape's edge.)
 */
export function opacityAsPaintOpacity(svg: string): string {
  return svg.replace(
    /<(circle|ellipse|rect|path|polygon|polyline|line)\b([^>]*?)\sopacity="([^"]*)"([^>]*?)(\/?)>/g,
    (whole, tag: string, before: string, value: string, after: string, close: string) => {
      const attributes = `${before} ${after}`;
      if (close !== "/" || /\s(fill|stroke)-opacity=/.test(attributes)) return whole;
      const filled = !/\sfill="none"/.test(attributes);
      const stroked = /\sstroke="(?!none")/.test(attributes);
      if (filled && stroked) return whole;
      const paint = filled ? "fill-opacity" : "stroke-opacity";
      return `<${tag}${before} ${paint}="${value}"${after}/>`;
    },
  );
}

async function drawAndKeep(art: StyleArt, options: ArtRequest, file: string | null): Promise<Raster> {
  if (file) {
    const kept = await readFile(file).catch(() => null);
    if (kept) return toRaster(kept);
  }
  const scale = options.width / DESIGN_WIDTH;
  const design = { width: DESIGN_WIDTH, height: Math.round(options.height / scale) };
  const svg = opacityAsPaintOpacity(
    styleArtSvg(art, { ...design, seed: options.layoutSeed, ring: options.ring !== false }),
  );
  // SVG's own units are 72 dpi: the design is drawn at `scale` times that density.
  let { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== options.width || info.height !== options.height) {
    // A size that is not a whole multiple of the design can round a pixel off.
    ({ data, info } = await sharp(data, { raw: info })
      .resize(options.width, options.height, { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  const raster: Raster = { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
  if (file) {
    // Written under a unique name, then renamed: two threads drawing the same art never leave a
    // half-written file for a third to read.
    const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, await sharp(data, { raw: info }).png({ compressionLevel: 1 }).toBuffer());
    await rename(partial, file);
  }
  return raster;
}

type ArtRequest = {
  styleId: string;
  width: number;
  height: number;
  layoutSeed: number;
  /** The portrait circle's halo and ring (default on; styleArtSvg's `ring`). */
  ring?: boolean;
};

/** The style's art at this size and layout, as raw RGB pixels, drawn at most once per cache. */
export function styleArtRaster(
  art: StyleArt,
  options: ArtRequest & { cacheDir: string | null },
): Promise<Raster> {
  const key = `${options.styleId}-${options.width}x${options.height}-${options.layoutSeed}${options.ring === false ? "-open" : ""}`;
  const cached = memory.get(key);
  if (cached) {
    // Most recently used goes last, so the LRU drops the coldest.
    memory.delete(key);
    memory.set(key, cached);
    return cached.raster;
  }
  const file = options.cacheDir ? path.join(options.cacheDir, `${key}-v${DRAWING_VERSION}.png`) : null;
  return remember(key, drawAndKeep(art, options, file), options.width * options.height * 3);
}
