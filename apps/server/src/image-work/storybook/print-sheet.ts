import {
  lineTo,
  moveTo,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setLineWidth,
  stroke,
  translate,
} from "pdf-lib";
import { PRINT_BLEED_MM, PRINT_DPI } from "../portraits/portrait-files";

export type StorybookFormat = "a4" | "square";

/** The storybook's print settings are the print file's (portrait-files.ts): one shop, one spec. */
export { PRINT_DPI };
export const BLEED_MM = PRINT_BLEED_MM;
/** Text keeps this far inside the trim, clear of a cut that wanders and of the binding's curve. */
export const SAFE_MARGIN_MM = 12;
/** Room around the trim for crop marks, when they are asked for: they start at the bleed's edge. */
export const CROP_MARK_SLUG_MM = 12;
const CROP_MARK_LENGTH_MM = 6;

const POINTS_PER_MM = 72 / 25.4;
export const mm = (millimetres: number) => millimetres * POINTS_PER_MM;

const TRIM_MM: Record<StorybookFormat, { width: number; height: number }> = {
  a4: { width: 210, height: 297 },
  square: { width: 210, height: 210 },
};

/** The finished (trimmed) page in PDF points: A4 595.28 × 841.89, square 595.28 × 595.28. */
export function trimSizePt(format: StorybookFormat): { width: number; height: number } {
  const trim = TRIM_MM[format];
  return { width: mm(trim.width), height: mm(trim.height) };
}

/** A rectangle in PDF points, in trim coordinates. */
export type Box = { x: number; y: number; width: number; height: number };

/** A page with its print boxes, drawn in trim coordinates. */
export type Sheet = { page: PDFPage; width: number; height: number };

/**
 * A page whose MediaBox is the trim plus the bleed (plus a slug for crop marks, when asked), with
 * BleedBox and TrimBox set for the print shop. Everything after is drawn in trim coordinates:
 * (0, 0) is the trim's bottom-left corner, so the bleed runs from -BLEED to the trim plus BLEED.
 */
export function addSheet(doc: PDFDocument, format: StorybookFormat, registration: PDFRef | null): Sheet {
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
export function registrationColour(doc: PDFDocument): PDFRef {
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

/** The width text may take: the trim less the safe margin on each side. */
export const safeWidth = (sheet: Sheet) => sheet.width - 2 * mm(SAFE_MARGIN_MM);
