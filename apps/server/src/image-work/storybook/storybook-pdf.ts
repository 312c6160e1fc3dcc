import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import {
  appendBezierCurve,
  clip,
  closePath,
  endPath,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  setFillingColor,
  setLineWidth,
  stroke,
  translate,
} from "pdf-lib";
import sharp from "sharp";
import { PRINT_BLEED_MM, PRINT_DPI } from "../portraits/portrait-files";

export type StorybookFormat = "a4" | "square";

export type StorybookPdfInput = {
  /** a4: 210 × 297 mm trim; square: 210 × 210 mm trim. */
  format: StorybookFormat;
  title: string;
  /** The child's first name, the cover's largest words. */
  childName: string;
  /** A JPEG portrait for the cover (typically 2048 × 2560, 4:5). */
  cover: Uint8Array;
  /** One portrait per page, each with a short caption (1–200 characters) under it. */
  pages: { portrait: Uint8Array; caption: string }[];
  /** ISO dates of the oldest and newest portraits in the book, and of the day it was made. */
  firstPortraitAt: string;
  lastPortraitAt: string;
  madeAt: string;
  /** Crop marks in a slug outside the bleed (some print shops ask for them; most add their own). */
  cropMarks?: boolean;
};

/** The storybook's print settings are the print file's (portrait-files.ts): one shop, one spec. */
export { PRINT_DPI };
export const BLEED_MM = PRINT_BLEED_MM;
/** Text keeps this far inside the trim, clear of a cut that wanders and of the binding's curve. */
export const SAFE_MARGIN_MM = 12;
/** Room around the trim for crop marks, when they are asked for: they start at the bleed's edge. */
export const CROP_MARK_SLUG_MM = 12;
const CROP_MARK_LENGTH_MM = 6;

const POINTS_PER_MM = 72 / 25.4;
const mm = (millimetres: number) => millimetres * POINTS_PER_MM;

const TRIM_MM: Record<StorybookFormat, { width: number; height: number }> = {
  a4: { width: 210, height: 297 },
  square: { width: 210, height: 210 },
};

/** The finished (trimmed) page in PDF points: A4 595.28 × 841.89, square 595.28 × 595.28. */
export function trimSizePt(format: StorybookFormat): { width: number; height: number } {
  const trim = TRIM_MM[format];
  return { width: mm(trim.width), height: mm(trim.height) };
}

/** Where a portrait page's picture sits, in mm from the trim's top; it is 4:5 and centred. */
const PORTRAIT_PAGE: Record<StorybookFormat, { photoTopMm: number; photoHeightMm: number }> = {
  a4: { photoTopMm: 24, photoHeightMm: 208 },
  square: { photoTopMm: 16, photoHeightMm: 130 },
};

const hex = (value: string) =>
  rgb(
    Number.parseInt(value.slice(1, 3), 16) / 255,
    Number.parseInt(value.slice(3, 5), 16) / 255,
    Number.parseInt(value.slice(5, 7), 16) / 255,
  );

const INK = hex("#1c1433");
const MUTED = hex("#6e6787");
const CREAM = hex("#fbf4e8");
const ACCENT = hex("#6d4aff");
const LAVENDER = hex("#e4dcff");
const GOLD = hex("#f4b942");
const WHITE = rgb(1, 1, 1);

// ---------------------------------------------------------------------------------------------
// Fonts

/**
 * Fraunces (a soft, old-style display serif) for the big words, Nunito (rounded) for reading.
 * Files of npm packages, so nothing is downloaded at run time (both SIL Open Font License).
 */
const FONT_FILES = {
  display: "@expo-google-fonts/fraunces/700Bold/Fraunces_700Bold.ttf",
  heading: "@expo-google-fonts/nunito/800ExtraBold/Nunito_800ExtraBold.ttf",
  body: "@expo-google-fonts/nunito/600SemiBold/Nunito_600SemiBold.ttf",
} as const;
type FontRole = keyof typeof FONT_FILES;
const FONT_ROLES = Object.keys(FONT_FILES) as FontRole[];

/** Both families draw capitals 0.70 em tall: lines are placed by their capitals, not the ascender. */
const CAP_HEIGHT_EM = 0.7;

const require = createRequire(import.meta.url);
let fontFiles: Promise<Uint8Array[]> | null = null;

/** The font files, read once per process (per thread, in the image-work pool) on the first book. */
function readFontFiles(): Promise<Uint8Array[]> {
  if (!fontFiles) {
    fontFiles = Promise.all(FONT_ROLES.map((role) => readFile(require.resolve(FONT_FILES[role]))));
    fontFiles.catch(() => {
      fontFiles = null;
    });
  }
  return fontFiles;
}

type Typeface = { font: PDFFont; characters: Set<number> };
type Fonts = Record<FontRole, Typeface>;

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const files = await readFontFiles();
  const faces = await Promise.all(
    files.map(async (bytes) => {
      // Subset: a book embeds the few dozen glyphs it uses rather than three whole fonts (≈ 340 KB).
      const font = await doc.embedFont(bytes, { subset: true });
      return { font, characters: new Set(font.getCharacterSet()) };
    }),
  );
  return Object.fromEntries(FONT_ROLES.map((role, index) => [role, faces[index]])) as Fonts;
}

/** Emoji and their joiners, selectors and skin tones: left out, where a "?" would only puzzle. */
const EMOJI_PART = /^[\p{Extended_Pictographic}\p{Emoji_Component}]$/u;

/**
 * The text as the typeface can draw it: a character it lacks loses its accents (Łukasz → Lukasz),
 * an emoji is left out, and anything else (a CJK name) becomes "?" rather than failing the book.
 */
function printable(face: Typeface, text: string): string {
  const has = (char: string) => face.characters.has(char.codePointAt(0) ?? 0);
  return [...text]
    .map((char) => {
      if (has(char)) return char;
      if (EMOJI_PART.test(char)) return "";
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      return plain && [...plain].every(has) ? plain : "?";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Text fitting

export type FittedText = { lines: string[]; size: number };

const widthOf = (font: PDFFont, text: string, size: number) => font.widthOfTextAtSize(text, size);

/** A word wider than the line, cut where it must be (only at the smallest size). */
function splitWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece && widthOf(font, piece + char, size) > maxWidth) {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Greedy word wrap; null when a single word does not fit and words may not be cut. */
function wrap(
  text: string,
  font: PDFFont,
  size: number,
  maxWidth: number,
  cutWords: boolean,
): string[] | null {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(font, candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (widthOf(font, word, size) <= maxWidth) {
      line = word;
      continue;
    }
    if (!cutWords) return null;
    const pieces = splitWord(word, font, size, maxWidth);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? "";
  }
  return line ? [...lines, line] : lines;
}

/**
 * The same number of lines, each as even as it can be: centred text with one word alone on its last
 * line looks like an accident. The narrowest width that still wraps into as many lines, by bisection.
 */
function balance(text: string, font: PDFFont, size: number, maxWidth: number, lines: string[]): string[] {
  if (lines.length < 2) return lines;
  let [narrow, wide] = [maxWidth / lines.length, maxWidth];
  let best = lines;
  for (let step = 0; step < 12; step++) {
    const width = (narrow + wide) / 2;
    const tried = wrap(text, font, size, width, false);
    if (tried && tried.length === lines.length) {
      best = tried;
      wide = width;
    } else {
      narrow = width;
    }
  }
  return best;
}

/** The line, shortened to leave room for a "…" after it. */
function withEllipsis(line: string, font: PDFFont, size: number, maxWidth: number): string {
  let kept = line;
  while (kept && widthOf(font, `${kept}…`, size) > maxWidth) kept = [...kept].slice(0, -1).join("");
  return `${kept.trimEnd()}…`;
}

/**
 * Text fitted into at most maxLines of maxWidth: the largest size (whole points, from maxSize down
 * to minSize) at which it wraps into that many lines without cutting a word. At minSize, a word too
 * long for a line is cut and what still does not fit ends in "…", so text never leaves its box.
 */
export function fitText(
  text: string,
  font: PDFFont,
  box: { maxWidth: number; maxLines: number; maxSize: number; minSize: number },
): FittedText {
  for (let size = box.maxSize; size > box.minSize; size--) {
    const lines = wrap(text, font, size, box.maxWidth, false);
    if (lines && lines.length <= box.maxLines)
      return { lines: balance(text, font, size, box.maxWidth, lines), size };
  }
  const size = box.minSize;
  const lines = wrap(text, font, size, box.maxWidth, true) ?? [];
  if (lines.length <= box.maxLines) return { lines: balance(text, font, size, box.maxWidth, lines), size };
  const kept = lines.slice(0, box.maxLines);
  kept[kept.length - 1] = withEllipsis(kept.at(-1) ?? "", font, size, box.maxWidth);
  return { lines: kept, size };
}

// ---------------------------------------------------------------------------------------------
// Drawing: a page is a stack of centred pieces (lines of text, ornaments, space)

/** What a page draws, top to bottom, each piece centred on the page's middle. */
type Piece = { height: number; draw(page: PDFPage, centreX: number, top: number): void };

type TextStyle = {
  font: FontRole;
  color: RGB;
  maxSize: number;
  minSize: number;
  maxLines: number;
  /** Line height as a multiple of the size. */
  leading: number;
};

function textPiece(fonts: Fonts, text: string, style: TextStyle, maxWidth: number): Piece {
  const face = fonts[style.font];
  const { font } = face;
  const shown = printable(face, text);
  if (!shown) return space(0);
  const { lines, size } = fitText(shown, font, { ...style, maxWidth });
  const lineHeight = size * style.leading;
  return {
    height: lines.length * lineHeight,
    draw(page, centreX, top) {
      lines.forEach((line, index) => {
        // Capitals centred in their line's box: even space above the first line and below the last.
        const baseline = top - index * lineHeight - (lineHeight + size * CAP_HEIGHT_EM) / 2;
        const x = centreX - widthOf(font, line, size) / 2;
        page.drawText(line, { x, y: baseline, size, font, color: style.color });
      });
    },
  };
}

const space = (height: number): Piece => ({ height, draw() {} });

/** Three dots in the brand's colours, between a title and what follows it. */
const dots: Piece = {
  height: mm(6),
  draw(page, centreX, top) {
    [GOLD, ACCENT, GOLD].forEach((color, index) => {
      page.drawCircle({ x: centreX + (index - 1) * mm(4.5), y: top - mm(3), size: mm(1.1), color });
    });
  },
};

const stackHeight = (pieces: Piece[]) => pieces.reduce((total, piece) => total + piece.height, 0);

function drawStack(page: PDFPage, pieces: Piece[], centreX: number, top: number): void {
  let y = top;
  for (const piece of pieces) {
    piece.draw(page, centreX, y);
    y -= piece.height;
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** A rectangle with quarter-circle corners, as a path (0.5523 r: the Bézier handle of a quarter circle). */
function roundedRect({ x, y, width, height }: Box, radius: number): PDFOperator[] {
  const k = radius * 0.5523;
  const [right, top] = [x + width, y + height];
  return [
    moveTo(x + radius, y),
    lineTo(right - radius, y),
    appendBezierCurve(right - radius + k, y, right, y + radius - k, right, y + radius),
    lineTo(right, top - radius),
    appendBezierCurve(right, top - radius + k, right - radius + k, top, right - radius, top),
    lineTo(x + radius, top),
    appendBezierCurve(x + radius - k, top, x, top - radius + k, x, top - radius),
    lineTo(x, y + radius),
    appendBezierCurve(x, y + radius - k, x + radius - k, y, x + radius, y),
    closePath(),
  ];
}

function fillRoundedRect(page: PDFPage, box: Box, radius: number, color: RGB): void {
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(color),
    ...roundedRect(box, radius),
    fill(),
    popGraphicsState(),
  );
}

function drawRoundedImage(page: PDFPage, image: PDFImage, box: Box, radius: number): void {
  page.pushOperators(pushGraphicsState(), ...roundedRect(box, radius), clip(), endPath());
  page.drawImage(image, box);
  page.pushOperators(popGraphicsState());
}

/** A five-pointed star of radius 1 around the origin, in SVG's downward y. */
const STAR_PATH = `${Array.from({ length: 10 }, (_, index) => {
  const radius = index % 2 ? 0.45 : 1;
  const angle = Math.PI / 2 + (index * Math.PI) / 5;
  return `${index ? "L" : "M"}${(radius * Math.cos(angle)).toFixed(4)} ${(-radius * Math.sin(angle)).toFixed(4)}`;
}).join(" ")} Z`;

function drawStar(page: PDFPage, x: number, y: number, radius: number, color: RGB): void {
  page.drawSvgPath(STAR_PATH, { x, y, scale: radius, color });
}

// ---------------------------------------------------------------------------------------------
// Pictures

/**
 * Of the height a crop must lose, the share taken from the top: a portrait's head (and its hat or
 * crown) sits in its upper half, so the crop keeps more of the top and loses more of the body.
 */
const SHARE_CUT_FROM_TOP = 0.3;

/** The largest region of the picture with the box's shape, centred across and biased upward. */
function coverCrop(source: { width: number; height: number }, aspect: number) {
  if (source.width / source.height > aspect) {
    const width = Math.min(source.width, Math.round(source.height * aspect));
    return { left: Math.round((source.width - width) / 2), top: 0, width, height: source.height };
  }
  const height = Math.min(source.height, Math.round(source.width / aspect));
  return {
    left: 0,
    top: Math.round((source.height - height) * SHARE_CUT_FROM_TOP),
    width: source.width,
    height,
  };
}

const printPixels = (points: number) => Math.round((points / 72) * PRINT_DPI);

/**
 * The picture resampled to exactly PRINT_DPI at the size it is printed (no more pixels than the
 * printer uses, none fewer), cropped rather than stretched to the box's shape, as an sRGB JPEG.
 */
async function printJpeg(picture: Uint8Array, box: Box): Promise<Uint8Array> {
  const [width, height] = [printPixels(box.width), printPixels(box.height)];
  const { autoOrient } = await sharp(picture).metadata();
  return (
    sharp(picture)
      .autoOrient()
      .extract(coverCrop(autoOrient, width / height))
      .resize(width, height, { fit: "fill", kernel: "lanczos3" })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .withDensity(PRINT_DPI)
      // Full chroma, as the print file: a print shows the colour edges that 4:2:0 softens.
      .jpeg({ quality: 90, chromaSubsampling: "4:4:4" })
      .toBuffer()
  );
}

// ---------------------------------------------------------------------------------------------
// Sheets: a page with its print boxes, drawn in trim coordinates

type Sheet = { page: PDFPage; width: number; height: number };

/**
 * A page whose MediaBox is the trim plus the bleed (plus a slug for crop marks, when asked), with
 * BleedBox and TrimBox set for the print shop. Everything after is drawn in trim coordinates:
 * (0, 0) is the trim's bottom-left corner, so the bleed runs from -BLEED to the trim plus BLEED.
 */
function addSheet(doc: PDFDocument, format: StorybookFormat, registration: PDFRef | null): Sheet {
  const { width, height } = trimSizePt(format);
  const bleed = mm(BLEED_MM);
  const margin = registration ? mm(CROP_MARK_SLUG_MM) : bleed;
  const page = doc.addPage([width + 2 * margin, height + 2 * margin]);
  page.setBleedBox(margin - bleed, margin - bleed, width + 2 * bleed, height + 2 * bleed);
  page.setTrimBox(margin, margin, width, height);
  page.pushOperators(translate(margin, margin));
  if (registration) drawCropMarks(page, { width, height }, registration);
  return { page, width, height };
}

/**
 * The Separation colour space "All": a mark in it prints on every plate, so crop marks line up
 * whatever inks the printer uses (registration black), unlike a process black on one plate.
 */
function registrationColour(doc: PDFDocument): PDFRef {
  const { context } = doc;
  const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 1, 1, 1], N: 1 });
  return context.register(
    context.obj([PDFName.of("Separation"), PDFName.of("All"), PDFName.of("DeviceCMYK"), tint]),
  );
}

/** Two hairlines at each corner, in line with the trim, from the bleed's edge outward. */
function drawCropMarks(page: PDFPage, trim: { width: number; height: number }, registration: PDFRef): void {
  page.node.Resources()?.set(PDFName.of("ColorSpace"), page.doc.context.obj({ Registration: registration }));
  const [near, far] = [mm(BLEED_MM), mm(BLEED_MM + CROP_MARK_LENGTH_MM)];
  const lines: PDFOperator[] = [];
  for (const x of [0, trim.width]) {
    for (const y of [0, trim.height]) {
      const [outX, outY] = [x === 0 ? -1 : 1, y === 0 ? -1 : 1];
      lines.push(moveTo(x + outX * near, y), lineTo(x + outX * far, y));
      lines.push(moveTo(x, y + outY * near), lineTo(x, y + outY * far));
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    PDFOperator.of(PDFOperatorNames.StrokingColorspace, [PDFName.of("Registration")]),
    PDFOperator.of(PDFOperatorNames.StrokingColorN, [PDFNumber.of(1)]),
    setLineWidth(0.25),
    ...lines,
    stroke(),
    popGraphicsState(),
  );
}

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

const safeWidth = (sheet: Sheet) => sheet.width - 2 * mm(SAFE_MARGIN_MM);

// ---------------------------------------------------------------------------------------------
// Pages

type Book = { doc: PDFDocument; fonts: Fonts; format: StorybookFormat; registration: PDFRef | null };

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

/** The cover: where its picture and its band of text go, known before the picture is resampled. */
type CoverLayout = { picture: Box; bandTop: number; text: Piece[]; textTop: number };

/** How far the band's arc rises above its ends, into the picture. */
const COVER_ARC_MM = 8;

/**
 * The cover portrait runs to the top and side edges (into the bleed) above a cream band with the
 * child's name and the title. Text never sits on the picture, so no face hides under it however
 * the portrait is framed; the band is as tall as its text, and the picture takes the rest.
 */
function layOutCover(book: Book, input: StorybookPdfInput): CoverLayout {
  const { width, height } = trimSizePt(book.format);
  const textWidth = width - 2 * mm(SAFE_MARGIN_MM + 10);
  const text = [
    textPiece(book.fonts, input.childName, TEXT.name, textWidth),
    dots,
    textPiece(book.fonts, input.title, TEXT.title, textWidth),
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

function drawCover(book: Book, layout: CoverLayout, picture: PDFImage): void {
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

const portraitPictureBox = (format: StorybookFormat): Box => {
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
function drawPortraitPage(book: Book, picture: PDFImage, caption: string, number: number): void {
  const sheet = addSheet(book.doc, book.format, book.registration);
  const { page, width } = sheet;
  paintBackground(sheet);
  const photo = portraitPictureBox(book.format);
  const frame = mm(FRAME_MM);
  const framed = {
    x: photo.x - frame,
    y: photo.y - frame,
    width: photo.width + 2 * frame,
    height: photo.height + 2 * frame,
  };
  const offset = mm(CARD_OFFSET_MM);
  fillRoundedRect(page, { ...framed, x: framed.x + offset, y: framed.y - offset }, mm(8), LAVENDER);
  fillRoundedRect(page, framed, mm(8), WHITE);
  drawRoundedImage(page, picture, photo, mm(6));

  const folio = textPiece(book.fonts, String(number), TEXT.folio, mm(20));
  const folioTop = mm(SAFE_MARGIN_MM) + folio.height;
  drawStack(page, [folio], width / 2, folioTop);
  const text = textPiece(book.fonts, caption, TEXT.caption, Math.min(safeWidth(sheet), mm(170)));
  const spaceTop = framed.y - offset;
  drawStack(page, [text], width / 2, (spaceTop + folioTop + text.height) / 2);
}

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
function drawClosingPage(book: Book, input: StorybookPdfInput): void {
  const sheet = addSheet(book.doc, book.format, book.registration);
  paintBackground(sheet);
  const { page, width, height } = sheet;
  const textWidth = safeWidth(sheet);
  const theEnd = textPiece(book.fonts, "The end", TEXT.theEnd, textWidth);
  const main = [
    theEnd,
    dots,
    space(mm(3)),
    textPiece(book.fonts, input.title, TEXT.closingTitle, textWidth),
    textPiece(
      book.fonts,
      portraitDateRange(input.firstPortraitAt, input.lastPortraitAt),
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
    textPiece(book.fonts, `on ${fullDate.format(new Date(input.madeAt))}`, TEXT.madeOn, textWidth),
  ];
  drawStack(page, foot, width / 2, mm(SAFE_MARGIN_MM) + stackHeight(foot));
}

// ---------------------------------------------------------------------------------------------

function setMetadata(doc: PDFDocument, input: StorybookPdfInput): void {
  const madeAt = new Date(input.madeAt);
  doc.setTitle(input.title);
  doc.setSubject(`A storybook of ${input.childName}'s portraits`);
  doc.setCreator("Wonderkin");
  doc.setProducer("Wonderkin storybook (pdf-lib)");
  doc.setCreationDate(madeAt);
  doc.setModificationDate(madeAt);
}

/**
 * A print-ready storybook: a cover, a page for each portrait with its caption, and a closing page.
 * Every page has the trim plus 3 mm bleed as its MediaBox (BleedBox) and the trim as its TrimBox;
 * pictures are resampled to exactly 300 dpi at their printed size, fonts are embedded (subset),
 * and text keeps SAFE_MARGIN_MM inside the trim.
 */
export async function renderStorybookPdf(input: StorybookPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setMetadata(doc, input);
  const book: Book = {
    doc,
    fonts: await embedFonts(doc),
    format: input.format,
    registration: input.cropMarks ? registrationColour(doc) : null,
  };
  const cover = layOutCover(book, input);
  const portraitBox = portraitPictureBox(input.format);
  const [coverJpeg, pages] = await Promise.all([
    printJpeg(input.cover, cover.picture),
    Promise.all(
      input.pages.map(async ({ portrait, caption }) => ({
        caption,
        jpeg: await printJpeg(portrait, portraitBox),
      })),
    ),
  ]);
  drawCover(book, cover, await doc.embedJpg(coverJpeg));
  for (const [index, page] of pages.entries()) {
    drawPortraitPage(book, await doc.embedJpg(page.jpeg), page.caption, index + 1);
  }
  drawClosingPage(book, input);
  return doc.save();
}
