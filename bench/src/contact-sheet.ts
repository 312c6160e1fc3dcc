/**
 * A contact sheet of the local model's portraits, to look at (issue 30): for one portrait per
 * category, the whole portrait as a phone shows it and a crop of the face at full size (one
 * portrait pixel per sheet pixel). The face is one of the face detector's sample photos (adults:
 * there are no photos of children here).
 *
 *   npm run contact-sheet -w @wonderkin/bench [-- out.png [faceIndex] [seed]]
 */
import { categories, findStyle } from "@wonderkin/contract";
import {
  type FaceInCostume,
  LOCAL_PORTRAIT_HEIGHT,
  LOCAL_PORTRAIT_WIDTH,
} from "@wonderkin/server/image-model";
import {
  drawnPortrait,
  SAME_PERSON,
  singleFacePictures,
} from "@wonderkin/server/test-fixtures/face-pictures";
import sharp, { type OverlayOptions } from "sharp";

/** A phone's screen is about 390 CSS pixels wide: the studio shows a portrait about this wide. */
const TILE_WIDTH = 360;
const TILE_HEIGHT = 450;
const LABEL_HEIGHT = 40;
const COLUMNS = 3;

const [out = "wonderkin-contact-sheet.png", faceArgument, seedArgument] = process.argv.slice(2);
const faceIndex = faceArgument ? Number(faceArgument) : SAME_PERSON;
const seed = seedArgument ? Number(seedArgument) : 1;

const face = (await singleFacePictures())[faceIndex];
if (!face) throw new Error(`There is no test face ${faceIndex}`);

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The portrait's face at full size: a tile-sized window around the face, where the local model says
 * it drew it (the box the likeness check looks at first).
 */
async function faceAtFullSize(portrait: FaceInCostume): Promise<Buffer> {
  const centre = {
    x: portrait.face.x + portrait.face.width / 2,
    y: portrait.face.y + portrait.face.height / 2,
  };
  const left = Math.round(
    Math.min(Math.max(centre.x - TILE_WIDTH / 2, 0), LOCAL_PORTRAIT_WIDTH - TILE_WIDTH),
  );
  const top = Math.round(
    Math.min(Math.max(centre.y - TILE_HEIGHT / 2, 0), LOCAL_PORTRAIT_HEIGHT - TILE_HEIGHT),
  );
  return sharp(portrait.picture)
    .extract({ left, top, width: TILE_WIDTH, height: TILE_HEIGHT })
    .png()
    .toBuffer();
}

const cells: OverlayOptions[] = [];
const cellWidth = TILE_WIDTH * 2;
const cellHeight = TILE_HEIGHT + LABEL_HEIGHT;
for (const [index, category] of categories.entries()) {
  const styleId = category.styleIds[0];
  const style = styleId ? findStyle(styleId) : undefined;
  if (!style) continue;
  const started = performance.now();
  const portrait = await drawnPortrait(face, {
    styleId: style.id,
    seed: seed + index,
    size: { width: LOCAL_PORTRAIT_WIDTH, height: LOCAL_PORTRAIT_HEIGHT },
  });
  const [phone, full] = await Promise.all([
    sharp(portrait.picture).resize(TILE_WIDTH, TILE_HEIGHT).png().toBuffer(),
    faceAtFullSize(portrait),
  ]);
  const left = (index % COLUMNS) * cellWidth;
  const top = Math.floor(index / COLUMNS) * cellHeight;
  const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${cellWidth}" height="${LABEL_HEIGHT}"><text x="12" y="27" font-family="sans-serif" font-size="20" fill="#222">${escapeXml(`${category.title} — ${style.title}`)} (phone · full size)</text></svg>`;
  cells.push(
    { input: Buffer.from(label), left, top },
    { input: phone, left, top: top + LABEL_HEIGHT },
    { input: full, left: left + TILE_WIDTH, top: top + LABEL_HEIGHT },
  );
  console.log(`${category.id}: ${style.id} (${Math.round(performance.now() - started)} ms)`);
}

const rows = Math.ceil(categories.length / COLUMNS);
await sharp({
  create: { width: COLUMNS * cellWidth, height: rows * cellHeight, channels: 3, background: "#ffffff" },
})
  .composite(cells)
  .png()
  .toFile(out);
console.log(`Wrote ${out}`);
