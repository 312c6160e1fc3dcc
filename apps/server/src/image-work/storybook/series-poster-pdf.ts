import { PDFDocument } from "pdf-lib";
import { dots, drawStack, space, stackHeight, type TextStyle, textPiece } from "./page-pieces";
import { drawFramedPicture } from "./page-shapes";
import { printJpeg } from "./print-jpeg";
import { addSheet, BLEED_MM, type Box, mm, SAFE_MARGIN_MM, safeWidth } from "./print-sheet";
import { ACCENT, CREAM, INK, LAVENDER, MUTED, WHITE } from "./storybook-colours";
import { embedFonts } from "./storybook-fonts";

/** A poster holds this many years at most: beyond, the pictures would be too small to see a face. */
export const POSTER_MAX_YEARS = 12;

export type SeriesPosterInput = {
  childName: string;
  styleName: string;
  /** Oldest first; one portrait (JPEG or WebP, typically 4:5) per year. */
  years: { year: number; portrait: Uint8Array }[];
  /** ISO date the poster is made, for its metadata and foot line. */
  madeAt: string;
};

const TEXT = {
  name: { font: "display", color: ACCENT, maxSize: 54, minSize: 26, maxLines: 1, leading: 1.1 },
  title: { font: "heading", color: INK, maxSize: 20, minSize: 13, maxLines: 2, leading: 1.3 },
  year: { font: "heading", color: ACCENT, maxSize: 15, minSize: 10, maxLines: 1, leading: 1.2 },
  foot: { font: "body", color: MUTED, maxSize: 10, minSize: 10, maxLines: 1, leading: 1.4 },
} satisfies Record<string, TextStyle>;

const GAP_MM = 6;
const FRAME_MM = 1.6;
const LABEL_MM = 9;
const CARD_OFFSET_MM = 2.5;

/** Columns for `count` pictures: one row for two, then a grid that stays taller than wide. */
function columnsFor(count: number): number {
  if (count <= 1) return 1;
  if (count <= 4) return 2;
  if (count <= 9) return 3;
  return 4;
}

/** Where each year's picture goes: 4:5 boxes as large as the grid allows, rows centred. */
export function posterPictureBoxes(count: number, area: Box): Box[] {
  const columns = columnsFor(count);
  const rows = Math.ceil(count / columns);
  const gap = mm(GAP_MM);
  const label = mm(LABEL_MM);
  const cellWidth = (area.width - (columns - 1) * gap) / columns;
  const cellHeight = (area.height - (rows - 1) * gap) / rows;
  const pictureHeight = Math.min(cellWidth * 1.25, cellHeight - label);
  const pictureWidth = pictureHeight * 0.8;
  const gridHeight = rows * (pictureHeight + label) + (rows - 1) * gap;
  const top = area.y + area.height - (area.height - gridHeight) / 2;
  return Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const inRow = Math.min(columns, count - row * columns);
    const rowWidth = inRow * pictureWidth + (inRow - 1) * gap;
    const column = index - row * columns;
    return {
      x: area.x + (area.width - rowWidth) / 2 + column * (pictureWidth + gap),
      y: top - row * (pictureHeight + label + gap) - pictureHeight,
      width: pictureWidth,
      height: pictureHeight,
    };
  });
}

const footDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "Through the years" (decision 0068): one A4 page, print-ready like the storybook (3 mm bleed with
 * TrimBox and BleedBox, pictures at exactly 300 dpi at their printed size, fonts embedded): the
 * child's name and the style on top, then one framed portrait per year with the year under it.
 */
export async function renderSeriesPosterPdf(input: SeriesPosterInput): Promise<Uint8Array> {
  const years = input.years.slice(-POSTER_MAX_YEARS);
  const doc = await PDFDocument.create();
  const madeAt = new Date(input.madeAt);
  doc.setTitle(`${input.childName} through the years: ${input.styleName}`);
  doc.setCreator("Wonderkin");
  doc.setProducer("Wonderkin poster (pdf-lib)");
  doc.setCreationDate(madeAt);
  doc.setModificationDate(madeAt);
  const fonts = await embedFonts(doc);
  const sheet = addSheet(doc, "a4", null);
  const { page, width, height } = sheet;
  const bleed = mm(BLEED_MM);
  page.drawRectangle({
    x: -bleed,
    y: -bleed,
    width: width + 2 * bleed,
    height: height + 2 * bleed,
    color: CREAM,
  });

  const textWidth = safeWidth(sheet);
  const first = years[0]?.year;
  const last = years.at(-1)?.year;
  const span = first === undefined || first === last ? `${first ?? ""}` : `${first}–${last}`;
  const header = [
    textPiece(fonts, input.childName, TEXT.name, textWidth),
    space(mm(2)),
    textPiece(fonts, `${input.styleName} through the years, ${span}`, TEXT.title, textWidth),
    space(mm(2)),
    dots,
  ];
  const headerTop = height - mm(SAFE_MARGIN_MM + 6);
  drawStack(page, header, width / 2, headerTop);
  const foot = textPiece(fonts, `Made with Wonderkin on ${footDate.format(madeAt)}`, TEXT.foot, textWidth);
  const footTop = mm(SAFE_MARGIN_MM) + foot.height;
  drawStack(page, [foot], width / 2, footTop);

  const gridTop = headerTop - stackHeight(header) - mm(8);
  const area = {
    x: mm(SAFE_MARGIN_MM),
    y: footTop + mm(6),
    width: textWidth,
    height: gridTop - footTop - mm(6),
  };
  const boxes = posterPictureBoxes(years.length, area);
  const jpegs = await Promise.all(
    years.map(({ portrait }, index) => printJpeg(portrait, boxes[index] as Box)),
  );
  for (const [index, { year }] of years.entries()) {
    const box = boxes[index] as Box;
    const cardBottom = drawFramedPicture(page, await doc.embedJpg(jpegs[index] as Uint8Array), box, {
      frame: mm(FRAME_MM),
      cardOffset: mm(CARD_OFFSET_MM),
      cardRadius: mm(4),
      pictureRadius: mm(3),
      card: LAVENDER,
      mat: WHITE,
    });
    const label = textPiece(fonts, String(year), TEXT.year, box.width);
    drawStack(
      page,
      [label],
      box.x + box.width / 2,
      cardBottom - (mm(LABEL_MM) - mm(CARD_OFFSET_MM) - label.height) / 2,
    );
  }
  return doc.save();
}
