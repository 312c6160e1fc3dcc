import { mkdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { categories, styles } from "@wonderkin/contract";
import sharp from "sharp";
import { categoryArtSvg, hashSeed, styleArtSvg } from "../art/style-art";

/**
 * Renders the catalogue's preview art into the web app's static files (`npm run art`): every style to
 * `apps/web/public{style.imagePath}` and every category to `apps/web/public{category.imagePath}`.
 * The output is checked in; run this again after changing a style's art or the drawing code.
 */

const publicDir = fileURLToPath(new URL("../../../web/public", import.meta.url));
const STYLE_SIZE = { width: 480, height: 600 };
const CATEGORY_SIZE = { width: 480, height: 360 };
const WEBP = { quality: 80, effort: 6 } as const;
/** Preview cards stay light: the catalogue page shows dozens of them at once. */
const BUDGET_BYTES = 40 * 1024;

async function render(svg: string, imagePath: string): Promise<number> {
  const file = join(publicDir, imagePath);
  await mkdir(dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).webp(WEBP).toFile(file);
  return (await stat(file)).size;
}

async function main(): Promise<number> {
  const sizes: { path: string; bytes: number }[] = [];
  for (const style of styles) {
    const svg = styleArtSvg(style.art, { ...STYLE_SIZE, seed: hashSeed(style.id), child: true });
    sizes.push({ path: style.imagePath, bytes: await render(svg, style.imagePath) });
  }
  for (const category of categories) {
    const svg = categoryArtSvg(category, styles, CATEGORY_SIZE);
    sizes.push({ path: category.imagePath, bytes: await render(svg, category.imagePath) });
  }
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const largest = sizes.reduce((max, entry) => (entry.bytes > max.bytes ? entry : max));
  const over = sizes.filter(({ bytes }) => bytes > BUDGET_BYTES);
  console.log(
    `Rendered ${styles.length} styles and ${categories.length} categories into ${publicDir}: ` +
      `${(total / 1024).toFixed(0)} KB in all, largest ${largest.path} at ${(largest.bytes / 1024).toFixed(1)} KB.`,
  );
  for (const { path, bytes } of over) {
    console.error(`${path} is ${(bytes / 1024).toFixed(1)} KB, over the ${BUDGET_BYTES / 1024} KB budget.`);
  }
  return over.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
