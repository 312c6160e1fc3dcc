import type { PDFFont } from "pdf-lib";
import type { Typeface } from "./storybook-fonts";

/** Emoji and their joiners, selectors and skin tones: left out, where a "?" would only puzzle. */
const EMOJI_PART = /^[\p{Extended_Pictographic}\p{Emoji_Component}]$/u;

/**
 * The text as the typeface can draw it: a character it lacks loses its accents (Łukasz → Lukasz),
 * an emoji is left out, and anything else (a CJK name) becomes "?" rather than failing the book.
 */
export function printable(face: Typeface, text: string): string {
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

export type FittedText = { lines: string[]; size: number };

export const widthOf = (font: PDFFont, text: string, size: number) => font.widthOfTextAtSize(text, size);

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
