import {
  appendBezierCurve,
  closePath,
  fill,
  lineTo,
  moveTo,
  type PDFDocument,
  type PDFImage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
} from "pdf-lib";
import { dots, drawStack, type Piece, space, stackHeight, type TextStyle, textPiece } from "./page-pieces";
import { drawFramedPicture, drawStar } from "./page-shapes";
import {
  addSheet,
  BLEED_MM,
  type Box,
  mm,
  SAFE_MARGIN_MM,
  type Sheet,
  type StorybookFormat,
  safeWidth,
  trimSizePt,
} from "./print-sheet";
import { ACCENT, CREAM, GOLD, INK, LAVENDER, MUTED, WHITE } from "./storybook-colours";
import type { Fonts } from "./storybook-fonts";

/** The document being made, and what every page of it is drawn with. */
export type Book = { doc: PDFDocument; fonts: Fonts; format: StorybookFormat; registration: PDFRef | null };

const TEXT = {
  name: { font: "display", color: ACCENT, maxSize: 66, minSize: 30, maxLines: 2, leading: 1.1 },
  title: { font: "heading", color: INK, maxSize: 22, minSize: 14, maxLines: 2, leading: 1.3 },
  caption: { font: "body", color: INK, maxSize: 17, minSize: 12, maxLines: 3, leading: 1.35 },
  folio: { font: "heading", color: ACCENT, maxSize: 11, minSize: 11, maxLines: 1, leading: 1 },
  theEnd: { font: "display", color: ACCENT, maxSize: 64, minSize: 64, maxLines: 1, leading: 1.1 },
  closingTitle: { font: "heading", color: INK, maxSize: 20, minSize: 12, maxLines: 3, leading: 1.3 },
  dates: { font: "body", color: MUTED, maxSize: 13, minSize: 13, maxLines: 1, leading: 1.5 },
  madeWith: { font: "display", color: ACCENT, maxSize: 15, minSize: 15, maxLines: 1, leading: 1.4 },
  madeOn: { font: "body", color: MUTED, maxSize: 11, minSize: 11, maxLines: 1, leading: 1.4 },
} satisfies Record<string, TextStyle>;

/** The background colour to the bleed's edge, so no white shows where the cut wanders. */
function paintBackground({ page, width, height }: Sheet): void {
  const bleed = mm(BLEED_MM);
  page.drawRectangle({
    x: -bleed,
    y: -bleed,
    width: width + 2 * bleed,
    height: height + 2 * bleed,
    color: CREAM,
  });
}

// ---------------------------------------------------------------------------------------------
// The cover

/** The cover: where its picture and its band of text go, known before the picture is resampled. */
type CoverLayout = { picture: Box; bandTop: number; text: Piece[]; textTop: number };

/** How far the band's arc rises above its ends, into the picture. */
const COVER_ARC_MM = 8;

/**
 * The cover portrait runs to the top and side edges (into the bleed) above a cream band with the
 * child's name and the title. Text never sits on the picture, so no face hides under it however
 * the portrait is framed; the band is as tall as its text, and the picture takes the rest.
 */
export function layOutCover(book: Book, words: { childName: string; title: string }): CoverLayout {
  const { width, height } = trimSizePt(book.format);
  const textWidth = width - 2 * mm(SAFE_MARGIN_MM + 10);
  const text = [
    textPiece(book.fonts, words.childName, TEXT.name, textWidth),
    dots,
    textPiece(book.fonts, words.title, TEXT.title, textWidth),
  ];
  const textTop = mm(SAFE_MARGIN_MM + 4) + stackHeight(text);
  const bandTop = textTop + mm(8);
  const bleed = mm(BLEED_MM);
  // The picture's foot sits a little under the band, so no gap shows along the arc's ends.
  const pictureBottom = bandTop - mm(1);
  return {
    picture: {
      x: -bleed,
      y: pictureBottom,
      width: width + 2 * bleed,
      height: height + bleed - pictureBottom,
    },
    bandTop,
    text,
    textTop,
  };
}

export function drawCover(book: Book, layout: CoverLayout, picture: PDFImage): void {
  const { page, width } = addSheet(book.doc, book.format, book.registration);
  page.drawImage(picture, layout.picture);
  const bleed = mm(BLEED_MM);
  // A cubic whose two handles rise by h peaks at 0.75 h.
  const handle = layout.bandTop + mm(COVER_ARC_MM) / 0.75;
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(CREAM),
    moveTo(-bleed, -bleed),
    lineTo(-bleed, layout.bandTop),
    appendBezierCurve(width * 0.25, handle, width * 0.75, handle, width + bleed, layout.bandTop),
    lineTo(width + bleed, -bleed),
    closePath(),
    fill(),
    popGraphicsState(),
  );
  drawStack(page, layout.text, width / 2, layout.textTop);
}

// ---------------------------------------------------------------------------------------------
// A portrait page

/** Where a portrait page's picture sits, in mm from the trim's top; it is 4:5 and centred. */
const PORTRAIT_PAGE: Record<StorybookFormat, { photoTopMm: number; photoHeightMm: number }> = {
  a4: { photoTopMm: 24, photoHeightMm: 208 },
  square: { photoTopMm: 16, photoHeightMm: 130 },
};

export const portraitPictureBox = (format: StorybookFormat): Box => {
  const { width, height } = trimSizePt(format);
  const { photoTopMm, photoHeightMm } = PORTRAIT_PAGE[format];
  const photoHeight = mm(photoHeightMm);
  const photoWidth = photoHeight * 0.8;
  return {
    x: (width - photoWidth) / 2,
    y: height - mm(photoTopMm) - photoHeight,
    width: photoWidth,
    height: photoHeight,
  };
};

/** The frame's white border and how far the lavender card behind it is offset. */
const FRAME_MM = 2.5;
const CARD_OFFSET_MM = 5;

/**
 * The portrait framed on cream with a lavender card behind it, the caption centred in the space
 * under it, the page number at the foot. The picture sits in the same place on every page.
 */
export function drawPortraitPage(book: Book, picture: PDFImage, caption: string, number: number): void {
  const sheet = addSheet(book.doc, book.format, book.registration);
  const { page, width } = sheet;
  paintBackground(sheet);
  const spaceTop = drawFramedPicture(page, picture, portraitPictureBox(book.format), {
    frame: mm(FRAME_MM),
    cardOffset: mm(CARD_OFFSET_MM),
    cardRadius: mm(8),
    pictureRadius: mm(6),
    card: LAVENDER,
    mat: WHITE,
  });

  const folio = textPiece(book.fonts, String(number), TEXT.folio, mm(20));
  const folioTop = mm(SAFE_MARGIN_MM) + folio.height;
  drawStack(page, [folio], width / 2, folioTop);
  const text = textPiece(book.fonts, caption, TEXT.caption, Math.min(safeWidth(sheet), mm(170)));
  drawStack(page, [text], width / 2, (spaceTop + folioTop + text.height) / 2);
}

// ---------------------------------------------------------------------------------------------
// The closing page

const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "March 2026 – November 2026", or one month when every portrait is from the same one. */
export function portraitDateRange(firstPortraitAt: string, lastPortraitAt: string): string {
  const [from, to] = [
    monthYear.format(new Date(firstPortraitAt)),
    monthYear.format(new Date(lastPortraitAt)),
  ];
  return from === to ? from : `${from} – ${to}`;
}

/** "The end", the title and the months the portraits span; who made the book, and when, at the foot. */
export function drawClosingPage(
  book: Book,
  words: { title: string; firstPortraitAt: string; lastPortraitAt: string; madeAt: string },
): void {
  const sheet = addSheet(book.doc, book.format, book.registration);
  paintBackground(sheet);
  const { page, width, height } = sheet;
  const textWidth = safeWidth(sheet);
  const theEnd = textPiece(book.fonts, "The end", TEXT.theEnd, textWidth);
  const main = [
    theEnd,
    dots,
    space(mm(3)),
    textPiece(book.fonts, words.title, TEXT.closingTitle, textWidth),
    textPiece(
      book.fonts,
      portraitDateRange(words.firstPortraitAt, words.lastPortraitAt),
      TEXT.dates,
      textWidth,
    ),
  ];
  // A little above the middle, where the eye expects the centre of a page.
  const top = height / 2 + stackHeight(main) / 2 + mm(10);
  drawStack(page, main, width / 2, top);
  // Stars around "The end" (≈ 90 mm wide at its fixed size), level with its capitals.
  const capitals = top - theEnd.height / 2;
  drawStar(page, width / 2 - mm(56), capitals + mm(2), mm(4.2), GOLD);
  drawStar(page, width / 2 + mm(52), capitals + mm(9), mm(2.6), ACCENT);
  drawStar(page, width / 2 + mm(59), capitals - mm(2), mm(1.8), GOLD);

  const foot = [
    textPiece(book.fonts, "Made with Wonderkin", TEXT.madeWith, textWidth),
    textPiece(book.fonts, `on ${fullDate.format(new Date(words.madeAt))}`, TEXT.madeOn, textWidth),
  ];
  drawStack(page, foot, width / 2, mm(SAFE_MARGIN_MM) + stackHeight(foot));
}
