import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  PDFStream,
  StandardFonts,
} from "pdf-lib";
import { PDFParse } from "pdf-parse";
import { expect } from "vitest";

/**
 * Reading a PDF back as a print shop's preflight does: page boxes as written, what each page draws
 * at which size, each image's pixels, the fonts and whether they are embedded, the text. Shared by
 * the storybook renderer's tests and the storybook API's.
 */

// Reading a PDF back as a print shop's preflight does

export type Point = { x: number; y: number };
export type Matrix = [number, number, number, number, number, number];
export type Rect = { x: number; y: number; width: number; height: number };

/** n × m: the matrix that applies n, then m (PDF's `cm` makes CTM' = operand × CTM). */
export const times = (n: Matrix, m: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];
export const apply = (m: Matrix, x: number, y: number): Point => ({
  x: m[0] * x + m[2] * y + m[4],
  y: m[1] * x + m[3] * y + m[5],
});

export function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return streams
    .map((entry) => page.doc.context.lookup(entry))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"))
    .join("\n");
}

export const TOKEN = /<[0-9A-Fa-f\s]*>|\/[^\s/[\]()<>]+|[[\]]|[^\s/[\]()<>]+/g;

/**
 * What the page's content stream draws, in the page's own coordinates: each image with the size
 * the current transformation matrix gives its unit square (its printed size, whatever chain of `cm`
 * operators produced it), each straight line segment, and where each text line starts.
 */
export function drawnOn(page: PDFPage) {
  const images: { name: string; width: number; height: number }[] = [];
  const segments: [Point, Point][] = [];
  const textOrigins: Point[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let current: Point = { x: 0, y: 0 };
  let operands: string[] = [];
  for (const token of contentOf(page).match(TOKEN) ?? []) {
    if (!/^[A-Za-z*'"]+$/.test(token)) {
      operands.push(token);
      continue;
    }
    const numbers = operands.map(Number);
    const at = (index: number) => apply(ctm, numbers[index] ?? 0, numbers[index + 1] ?? 0);
    if (token === "q") saved.push(ctm);
    if (token === "Q") ctm = saved.pop() ?? ctm;
    if (token === "cm") ctm = times(numbers as Matrix, ctm);
    if (token === "m") current = at(0);
    if (token === "c") current = at(4);
    if (token === "l") {
      segments.push([current, at(0)]);
      current = at(0);
    }
    if (token === "Tm") textOrigins.push(at(4));
    if (token === "Do") {
      images.push({
        name: (operands[0] ?? "").slice(1),
        width: Math.hypot(ctm[0], ctm[1]),
        height: Math.hypot(ctm[2], ctm[3]),
      });
    }
    operands = [];
  }
  return { images, segments, textOrigins };
}

/** A page box as written in the page's dictionary (not pdf-lib's fallback to the MediaBox). */
export function boxOf(page: PDFPage, name: "MediaBox" | "BleedBox" | "TrimBox"): Rect {
  const box = page.node.lookupMaybe(PDFName.of(name), PDFArray);
  if (!box) throw new Error(`The page has no ${name}`);
  return box.asRectangle();
}

/** A matcher for a rectangle, to a thousandth of a point. */
export const about = (rect: Rect) => ({
  x: expect.closeTo(rect.x, 3),
  y: expect.closeTo(rect.y, 3),
  width: expect.closeTo(rect.width, 3),
  height: expect.closeTo(rect.height, 3),
});

export function pixelsOf(page: PDFPage, name: string): { width: number; height: number } {
  const xObjects = page.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
  const image = xObjects?.lookup(PDFName.of(name), PDFStream);
  if (!image) throw new Error(`The page draws ${name}, which it does not have`);
  const number = (key: string) => image.dict.lookup(PDFName.of(key), PDFNumber).asNumber();
  return { width: number("Width"), height: number("Height") };
}

export const STANDARD_14 = new Set<string>(Object.values(StandardFonts));

/** Every font the pages use: its name (subset tag dropped) and whether its program is in the file. */
export function fontsOf(doc: PDFDocument) {
  return doc.getPages().flatMap((page) => {
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    return (fonts?.values() ?? []).map((ref) => {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      const name = font
        .lookup(PDFName.of("BaseFont"), PDFName)
        .decodeText()
        .replace(/^[A-Z]{6}\+/, "");
      // A Type 0 font keeps its descriptor on its descendant font.
      const descendant = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookup(0, PDFDict);
      const descriptor = (descendant ?? font).lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
      const embedded = ["FontFile2", "FontFile3"].some((key) => descriptor?.has(PDFName.of(key)));
      return { name, embedded };
    });
  });
}

export async function textOf(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

/** Whether the point is in the rectangle shrunk by margin (its edge counts as in, to 0.01 pt). */
export const inside = (point: Point, rect: Rect, margin = 0) =>
  point.x >= rect.x + margin - 0.01 &&
  point.x <= rect.x + rect.width - margin + 0.01 &&
  point.y >= rect.y + margin - 0.01 &&
  point.y <= rect.y + rect.height - margin + 0.01;
export const leaves = ([from, to]: [Point, Point], rect: Rect) => !inside(from, rect) || !inside(to, rect);

const MM_PER_POINT = 25.4 / 72;
const inMm = (rect: Rect) => ({
  width: Math.round(rect.width * MM_PER_POINT * 10) / 10,
  height: Math.round(rect.height * MM_PER_POINT * 10) / 10,
});

/** What a print shop checks of a storybook PDF, from its bytes: boxes in mm, images' dpi, fonts, text. */
export async function describeStorybookPdf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return {
    bytes: bytes.byteLength,
    pages: doc.getPages().map((page) => ({
      trimMm: inMm(boxOf(page, "TrimBox")),
      bleedMm: inMm(boxOf(page, "BleedBox")),
      mediaMm: inMm(boxOf(page, "MediaBox")),
      images: drawnOn(page).images.map((image) => {
        const pixels = pixelsOf(page, image.name);
        return {
          pixels,
          dpi: pixels.width / (image.width / 72),
          dpiHigh: pixels.height / (image.height / 72),
        };
      }),
    })),
    fonts: fontsOf(doc).map((font) => ({ ...font, standard: STANDARD_14.has(font.name) })),
    text: await textOf(bytes),
  };
}
