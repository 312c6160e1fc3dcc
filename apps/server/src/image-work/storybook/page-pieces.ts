import type { PDFPage, RGB } from "pdf-lib";
import { fitText, printable, widthOf } from "./fit-text";
import { mm } from "./print-sheet";
import { ACCENT, GOLD } from "./storybook-colours";
import { CAP_HEIGHT_EM, type FontRole, type Fonts } from "./storybook-fonts";

// A page is a stack of centred pieces (lines of text, ornaments, space).

/** What a page draws, top to bottom, each piece centred on the page's middle. */
export type Piece = { height: number; draw(page: PDFPage, centreX: number, top: number): void };

export type TextStyle = {
  font: FontRole;
  color: RGB;
  maxSize: number;
  minSize: number;
  maxLines: number;
  /** Line height as a multiple of the size. */
  leading: number;
};

export function textPiece(fonts: Fonts, text: string, style: TextStyle, maxWidth: number): Piece {
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

export const space = (height: number): Piece => ({ height, draw() {} });

/** Three dots in the brand's colours, between a title and what follows it. */
export const dots: Piece = {
  height: mm(6),
  draw(page, centreX, top) {
    [GOLD, ACCENT, GOLD].forEach((color, index) => {
      page.drawCircle({ x: centreX + (index - 1) * mm(4.5), y: top - mm(3), size: mm(1.1), color });
    });
  },
};

export const stackHeight = (pieces: Piece[]) => pieces.reduce((total, piece) => total + piece.height, 0);

export function drawStack(page: PDFPage, pieces: Piece[], centreX: number, top: number): void {
  let y = top;
  for (const piece of pieces) {
    piece.draw(page, centreX, y);
    y -= piece.height;
  }
}
