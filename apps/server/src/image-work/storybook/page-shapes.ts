import {
  appendBezierCurve,
  clip,
  closePath,
  endPath,
  fill,
  lineTo,
  moveTo,
  type PDFImage,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  setFillingColor,
} from "pdf-lib";
import type { Box } from "./print-sheet";

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

export function fillRoundedRect(page: PDFPage, box: Box, radius: number, color: RGB): void {
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(color),
    ...roundedRect(box, radius),
    fill(),
    popGraphicsState(),
  );
}

export function drawRoundedImage(page: PDFPage, image: PDFImage, box: Box, radius: number): void {
  page.pushOperators(pushGraphicsState(), ...roundedRect(box, radius), clip(), endPath());
  page.drawImage(image, box);
  page.pushOperators(popGraphicsState());
}

/**
 * A picture in a white frame with a lavender card offset behind it, down and to the right (the
 * storybook's pages and the poster's years). Answers the card's bottom edge, where text under it
 * may start.
 */
export function drawFramedPicture(
  page: PDFPage,
  picture: PDFImage,
  box: Box,
  look: { frame: number; cardOffset: number; cardRadius: number; pictureRadius: number; card: RGB; mat: RGB },
): number {
  const framed = {
    x: box.x - look.frame,
    y: box.y - look.frame,
    width: box.width + 2 * look.frame,
    height: box.height + 2 * look.frame,
  };
  fillRoundedRect(
    page,
    { ...framed, x: framed.x + look.cardOffset, y: framed.y - look.cardOffset },
    look.cardRadius,
    look.card,
  );
  fillRoundedRect(page, framed, look.cardRadius, look.mat);
  drawRoundedImage(page, picture, box, look.pictureRadius);
  return framed.y - look.cardOffset;
}

/** A five-pointed star of radius 1 around the origin, in SVG's downward y. */
const STAR_PATH = `${Array.from({ length: 10 }, (_, index) => {
  const radius = index % 2 ? 0.45 : 1;
  const angle = Math.PI / 2 + (index * Math.PI) / 5;
  return `${index ? "L" : "M"}${(radius * Math.cos(angle)).toFixed(4)} ${(-radius * Math.sin(angle)).toFixed(4)}`;
}).join(" ")} Z`;

export function drawStar(page: PDFPage, x: number, y: number, radius: number, color: RGB): void {
  page.drawSvgPath(STAR_PATH, { x, y, scale: radius, color });
}
