import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  about,
  boxOf,
  drawnOn,
  fontsOf,
  inside,
  leaves,
  pixelsOf,
  STANDARD_14,
  textOf,
} from "../../../test/support/pdf-preflight";
import {
  BLEED_MM,
  CROP_MARK_SLUG_MM,
  fitText,
  PRINT_DPI,
  portraitDateRange,
  renderStorybookPdf,
  SAFE_MARGIN_MM,
  type StorybookFormat,
  type StorybookPdfInput,
  trimSizePt,
} from "./storybook-pdf";

const mm = (millimetres: number) => (millimetres * 72) / 25.4;
const BLEED = mm(BLEED_MM);

/** A 4:5 portrait like the image model's (2048 × 2560): a gradient sky, a face, shoulders. */
async function portrait(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="2560">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${hue + 50},60%,38%)"/>
    </linearGradient></defs>
    <rect width="2048" height="2560" fill="url(#sky)"/>
    <circle cx="1024" cy="1050" r="420" fill="#f2c9a5"/>
    <rect x="424" y="1600" width="1200" height="960" rx="300" fill="hsl(${hue + 180},50%,45%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------

type Book = { input: StorybookPdfInput; bytes: Uint8Array; doc: PDFDocument };
const books = {} as Record<StorybookFormat | "edge", Book>;

async function render(input: StorybookPdfInput): Promise<Book> {
  const bytes = await renderStorybookPdf(input);
  // Read as it was written: by default pdf-lib stamps its own producer and dates on loading.
  return { input, bytes, doc: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

beforeAll(async () => {
  const [cover, first, second] = await Promise.all([portrait(260), portrait(20), portrait(140)]);
  const base = {
    title: "Mia's magical year",
    childName: "Mia",
    cover,
    pages: [
      { portrait: first, caption: "Mia the brave astronaut, waving at Saturn" },
      { portrait: second, caption: "Off to the fairy forest" },
    ],
    firstPortraitAt: "2026-03-04T10:00:00.000Z",
    lastPortraitAt: "2026-11-20T10:00:00.000Z",
    madeAt: "2026-11-23T09:00:00.000Z",
  };
  const [a4, square, edge] = await Promise.all([
    render({ ...base, format: "a4" }),
    render({ ...base, format: "square" }),
    // What the fonts cannot draw, text that must wrap and shrink, and crop marks, in one book.
    render({
      ...base,
      format: "square",
      childName: "美雪 Łucja 🦄",
      title: `The most wonderful, magical and adventurous year of Maximilian-Alexander in space 🚀 ${"and more ".repeat(8)}`,
      pages: [
        {
          portrait: first,
          caption: `Mia floating past Saturn's rings, waving at the aliens 👽 ${"la ".repeat(60)}`.slice(
            0,
            200,
          ),
        },
      ],
      cropMarks: true,
    }),
  ]);
  Object.assign(books, { a4, square, edge });
}, 60_000);

describe("renderStorybookPdf", () => {
  it.each([
    ["a4", 595.28, 841.89],
    ["square", 595.28, 595.28],
  ] as const)(
    "gives each %s page the trim as TrimBox and 3 mm of bleed around it",
    (format, width, height) => {
      const { doc, input } = books[format];
      expect(trimSizePt(format).width).toBeCloseTo(width, 2);
      expect(trimSizePt(format).height).toBeCloseTo(height, 2);
      expect(doc.getPageCount()).toBe(input.pages.length + 2);
      expect(BLEED).toBeCloseTo(8.504, 3);
      const trim = trimSizePt(format);
      for (const page of doc.getPages()) {
        const { x, y } = boxOf(page, "TrimBox");
        expect(boxOf(page, "TrimBox")).toEqual(about({ x, y, ...trim }));
        const withBleed = {
          x: x - BLEED,
          y: y - BLEED,
          width: trim.width + 2 * BLEED,
          height: trim.height + 2 * BLEED,
        };
        expect(boxOf(page, "BleedBox")).toEqual(about(withBleed));
        expect(boxOf(page, "MediaBox")).toEqual(about(withBleed));
      }
    },
  );

  it.each(["a4", "square", "edge"] as const)(
    "prints every picture of the %s book at 300 dpi of its placed size",
    (name) => {
      const { doc, input } = books[name];
      const placed = doc
        .getPages()
        .flatMap((page) =>
          drawnOn(page).images.map((image) => ({ ...image, pixels: pixelsOf(page, image.name) })),
        );
      // The cover and one per portrait page; the closing page has none.
      expect(placed).toHaveLength(input.pages.length + 1);
      for (const image of placed) {
        expect(image.pixels.width / (image.width / 72)).toBeGreaterThan(PRINT_DPI * 0.99);
        expect(image.pixels.width / (image.width / 72)).toBeLessThan(PRINT_DPI * 1.01);
        expect(image.pixels.height / (image.height / 72)).toBeGreaterThan(PRINT_DPI * 0.99);
        expect(image.pixels.height / (image.height / 72)).toBeLessThan(PRINT_DPI * 1.01);
      }
      // The cover runs into the bleed on three sides: it is as wide as the page with its bleed.
      const cover = placed[0];
      expect(cover?.width).toBeCloseTo(trimSizePt(input.format).width + 2 * BLEED, 3);
    },
  );

  it("embeds every font it uses, never one of the standard 14", () => {
    for (const book of Object.values(books)) {
      const fonts = fontsOf(book.doc);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.embedded, font.name).toBe(true);
        expect(STANDARD_14.has(font.name), font.name).toBe(false);
      }
    }
  });

  it("starts every line of text inside the safe area, however long the text", () => {
    for (const book of Object.values(books)) {
      for (const page of book.doc.getPages()) {
        const trim = boxOf(page, "TrimBox");
        const { textOrigins } = drawnOn(page);
        expect(textOrigins.length).toBeGreaterThan(0);
        // Lines are centred on the page, so a line that starts inside the safe area ends inside it.
        for (const origin of textOrigins)
          expect(inside(origin, trim, mm(SAFE_MARGIN_MM)), JSON.stringify(origin)).toBe(true);
      }
    }
  });

  it("writes the name, the title, the captions and the dates", async () => {
    const text = await textOf(books.a4.bytes);
    for (const expected of [
      "Mia",
      "Mia's magical year",
      "Mia the brave astronaut, waving at Saturn",
      "Off to the fairy forest",
      "The end",
      "March 2026 – November 2026",
      "Made with Wonderkin",
      "on 23 November 2026",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("draws what its fonts cannot as plain letters or '?', and leaves emoji out", async () => {
    const text = await textOf(books.edge.bytes);
    expect(text).toContain("?? Łucja");
    expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("sets the document's title, creator and dates", () => {
    const { doc, input } = books.a4;
    expect(doc.getTitle()).toBe(input.title);
    expect(doc.getCreator()).toBe("Wonderkin");
    expect(doc.getCreationDate()?.toISOString()).toBe(input.madeAt);
    expect(doc.getModificationDate()?.toISOString()).toBe(input.madeAt);
  });

  it("draws nothing outside the bleed unless crop marks are asked for", () => {
    for (const book of [books.a4, books.square]) {
      for (const page of book.doc.getPages()) {
        const bleed = boxOf(page, "BleedBox");
        expect(boxOf(page, "MediaBox")).toEqual(bleed);
        expect(drawnOn(page).segments.filter((segment) => leaves(segment, bleed))).toEqual([]);
      }
    }
  });

  it("draws eight registration-colour crop marks in a slug around the bleed when asked", () => {
    const { width, height } = trimSizePt("square");
    const slug = mm(CROP_MARK_SLUG_MM);
    const onEdge = (value: number, start: number, length: number) =>
      Math.min(Math.abs(value - start), Math.abs(value - start - length)) < 0.01;
    for (const page of books.edge.doc.getPages()) {
      const media = boxOf(page, "MediaBox");
      const bleed = boxOf(page, "BleedBox");
      const trim = boxOf(page, "TrimBox");
      expect(trim).toEqual(about({ x: slug, y: slug, width, height }));
      expect(bleed).toEqual(
        about({ x: slug - BLEED, y: slug - BLEED, width: width + 2 * BLEED, height: height + 2 * BLEED }),
      );
      expect(media).toEqual(about({ x: 0, y: 0, width: width + 2 * slug, height: height + 2 * slug }));
      const marks = drawnOn(page).segments.filter((segment) => leaves(segment, bleed));
      expect(marks).toHaveLength(8);
      for (const [from, to] of marks) {
        // In the slug: inside the MediaBox, not on the bleed (its edge at most).
        expect(inside(from, media) && inside(to, media)).toBe(true);
        expect(inside(from, bleed, 0.02) || inside(to, bleed, 0.02)).toBe(false);
        // Each in line with an edge of the trim.
        const vertical = from.x === to.x;
        expect(vertical ? onEdge(from.x, trim.x, width) : onEdge(from.y, trim.y, height)).toBe(true);
      }
      const colourSpaces = page.node.Resources()?.lookup(PDFName.of("ColorSpace"), PDFDict);
      const registration = colourSpaces?.lookup(PDFName.of("Registration"), PDFArray);
      expect(registration?.lookup(1, PDFName).decodeText()).toBe("All");
    }
  });
});

describe("fitText", () => {
  let font: Awaited<ReturnType<PDFDocument["embedFont"]>>;
  beforeAll(async () => {
    font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  });
  const box = { maxWidth: 200, maxLines: 3, maxSize: 20, minSize: 10 };
  const widest = (lines: string[], size: number) =>
    Math.max(...lines.map((line) => font.widthOfTextAtSize(line, size)));

  it("keeps short text on one line at its largest size", () => {
    expect(fitText("Mia's magical year", font, box)).toEqual({ lines: ["Mia's magical year"], size: 20 });
  });

  it("wraps into even lines before it shrinks, never wider than the box", () => {
    const fitted = fitText("Mia the brave astronaut, waving at Saturn and its rings", font, box);
    expect(fitted.size).toBe(20);
    expect(fitted.lines.join(" ")).toBe("Mia the brave astronaut, waving at Saturn and its rings");
    expect(widest(fitted.lines, fitted.size)).toBeLessThanOrEqual(200);
    const widths = fitted.lines.map((line) => font.widthOfTextAtSize(line, fitted.size));
    expect(Math.min(...widths) / Math.max(...widths)).toBeGreaterThan(0.6);
  });

  it("shrinks a word rather than cut it, and cuts it only at the smallest size", () => {
    expect(fitText("Supercalifragilistic", font, box).lines).toEqual(["Supercalifragilistic"]);
    const cut = fitText("Supercalifragilisticexpialidocious-and-then-some", font, { ...box, maxLines: 2 });
    expect(cut.size).toBe(10);
    expect(cut.lines).toHaveLength(2);
    expect(widest(cut.lines, 10)).toBeLessThanOrEqual(200);
  });

  it("ends text that cannot fit even at the smallest size with an ellipsis", () => {
    const fitted = fitText("la ".repeat(200), font, box);
    expect(fitted).toMatchObject({ size: 10 });
    expect(fitted.lines).toHaveLength(3);
    expect(fitted.lines.at(-1)).toMatch(/…$/);
    expect(widest(fitted.lines, 10)).toBeLessThanOrEqual(200);
  });
});

describe("portraitDateRange", () => {
  it("names the first and last months, in UTC, once when they are the same", () => {
    expect(portraitDateRange("2026-03-04T10:00:00Z", "2026-11-20T10:00:00Z")).toBe(
      "March 2026 – November 2026",
    );
    expect(portraitDateRange("2026-03-01T00:30:00+02:00", "2026-03-31T12:00:00Z")).toBe(
      "February 2026 – March 2026",
    );
    expect(portraitDateRange("2026-05-02T00:00:00Z", "2026-05-30T00:00:00Z")).toBe("May 2026");
  });
});
