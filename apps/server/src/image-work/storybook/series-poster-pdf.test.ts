import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { boxOf, describeStorybookPdf, drawnOn } from "../../../test/support/pdf-preflight";
import { mm, SAFE_MARGIN_MM } from "./print-sheet";
import { POSTER_MAX_YEARS, posterPictureBoxes, renderSeriesPosterPdf } from "./series-poster-pdf";

/** A 4:5 picture of one colour, like a portrait's proportions (small: only the layout is tested here). */
const picture = (hue: number) =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: `hsl(${hue},60%,55%)` } })
    .jpeg()
    .toBuffer();

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the 'through the years' poster (decision 0068)", () => {
  it("lays every count of years out in the area, 4:5, without overlap", () => {
    const area = { x: 30, y: 60, width: 500, height: 640 };
    for (let count = 1; count <= POSTER_MAX_YEARS; count += 1) {
      const boxes = posterPictureBoxes(count, area);
      expect(boxes).toHaveLength(count);
      for (const [index, box] of boxes.entries()) {
        expect(box.width / box.height).toBeCloseTo(0.8, 5);
        expect(box.x).toBeGreaterThanOrEqual(area.x - 1e-6);
        expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 1e-6);
        expect(box.y).toBeGreaterThanOrEqual(area.y - 1e-6);
        expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height + 1e-6);
        for (const other of boxes.slice(index + 1)) expect(overlaps(box, other)).toBe(false);
      }
    }
    // Two years side by side are larger than twelve in a grid.
    expect(posterPictureBoxes(2, area)[0]?.width ?? 0).toBeGreaterThan(
      posterPictureBoxes(12, area)[0]?.width ?? 0,
    );
  });

  it("is one print-ready A4 page: bleed, fonts embedded, every picture at 300 dpi, the years named", async () => {
    const years = await Promise.all(
      [2024, 2025, 2026].map(async (year, index) => ({ year, portrait: await picture(index * 90) })),
    );
    const bytes = await renderSeriesPosterPdf({
      childName: "Theo",
      styleName: "Astronaut",
      years,
      madeAt: "2026-11-29T10:00:00Z",
    });
    const pdf = await describeStorybookPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]?.trimMm).toEqual({ width: 210, height: 297 });
    expect(pdf.pages[0]?.bleedMm).toEqual({ width: 216, height: 303 });
    expect(pdf.fonts.length).toBeGreaterThan(0);
    expect(pdf.fonts.every((font) => font.embedded && !font.standard)).toBe(true);
    expect(pdf.pages[0]?.images).toHaveLength(3);
    for (const image of pdf.pages[0]?.images ?? []) {
      expect(image.dpi).toBeCloseTo(300, 0);
      expect(image.dpiHigh).toBeCloseTo(300, 0);
    }
    for (const words of [
      "Theo",
      "Astronaut through the years, 2024–2026",
      "2024",
      "2025",
      "2026",
      "Made with Wonderkin on 29 November 2026",
    ]) {
      expect(pdf.text).toContain(words);
    }
    // Every picture inside the trim's safe area.
    const doc = await PDFDocument.load(bytes);
    const page = doc.getPages()[0];
    if (!page) throw new Error("a page");
    const trim = boxOf(page, "TrimBox");
    expect(drawnOn(page).images).toHaveLength(3);
    for (const origin of drawnOn(page).textOrigins) {
      expect(origin.x).toBeGreaterThanOrEqual(trim.x + mm(SAFE_MARGIN_MM) - 1);
      expect(origin.x).toBeLessThanOrEqual(trim.x + trim.width - mm(SAFE_MARGIN_MM) + 1);
    }
  });

  it("keeps the last twelve years when there are more", async () => {
    const tile = await picture(200);
    const years = Array.from({ length: 14 }, (_, index) => ({ year: 2013 + index, portrait: tile }));
    const pdf = await describeStorybookPdf(
      await renderSeriesPosterPdf({
        childName: "Mia",
        styleName: "Fairy",
        years,
        madeAt: "2026-11-29T10:00:00Z",
      }),
    );
    expect(pdf.pages[0]?.images).toHaveLength(POSTER_MAX_YEARS);
    expect(pdf.text).toContain("Fairy through the years, 2015–2026");
  });
});
