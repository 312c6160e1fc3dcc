import { PDFDocument } from "pdf-lib";
import { printJpeg } from "./print-jpeg";
import { registrationColour, type StorybookFormat } from "./print-sheet";
import { embedFonts } from "./storybook-fonts";
import {
  type Book,
  drawClosingPage,
  drawCover,
  drawPortraitPage,
  layOutCover,
  portraitPictureBox,
} from "./storybook-pages";

export { type FittedText, fitText } from "./fit-text";
export {
  BLEED_MM,
  CROP_MARK_SLUG_MM,
  PRINT_DPI,
  SAFE_MARGIN_MM,
  type StorybookFormat,
  trimSizePt,
} from "./print-sheet";
export { portraitDateRange } from "./storybook-pages";

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
