import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * Fraunces (a soft, old-style display serif) for the big words, Nunito (rounded) for reading.
 * Files of npm packages, so nothing is downloaded at run time (both SIL Open Font License).
 */
const FONT_FILES = {
  display: "@expo-google-fonts/fraunces/700Bold/Fraunces_700Bold.ttf",
  heading: "@expo-google-fonts/nunito/800ExtraBold/Nunito_800ExtraBold.ttf",
  body: "@expo-google-fonts/nunito/600SemiBold/Nunito_600SemiBold.ttf",
} as const;
export type FontRole = keyof typeof FONT_FILES;
const FONT_ROLES = Object.keys(FONT_FILES) as FontRole[];

/** Both families draw capitals 0.70 em tall: lines are placed by their capitals, not the ascender. */
export const CAP_HEIGHT_EM = 0.7;

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

export type Typeface = { font: PDFFont; characters: Set<number> };
export type Fonts = Record<FontRole, Typeface>;

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
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
