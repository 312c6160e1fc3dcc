import {
  findStyle,
  type GeneratedImage,
  portraitDownloadUrl,
  portraitPictureUrl,
  portraitSrcSet,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { styleArtSvg } from "../../src/art/style-art";
import { generatedImage } from "../../src/db/schema";
import { makePortraitFiles, makePrintFile } from "../../src/image-work/portraits/portrait-files";
import { opacityAsPaintOpacity } from "../../src/image-work/portraits/style-art-cache";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { postAs, type TestParent } from "../support/families";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Portraits big enough to print: the local model renders 2048 × 2560, the stored original is what
 * a download gives, and the print file is A4 at 300 dpi with 3 mm bleed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "3", FACE_DETECTION: "off" });
});
afterAll(() => t.close());

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

describe("a local portrait at full resolution", () => {
  it("is stored at 2048 × 2560, downloaded as that original and printed as A4 with bleed at 300 dpi", async () => {
    // Oracle (plan 3): no watermark, ready-to-print files included.
    const { parent, childId } = await parentWithChild(t, { firstName: "Ada", planId: 3, photos: 3 });
    expect((await call(parent, "/api/children/training/start", { childId })).statusCode).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    const generated = await call(parent, "/api/generation/generate", { childId, styleId: "fairy", count: 1 });
    expect(generated.statusCode, generated.body).toBe(200);
    await workQueued(t, [renderPortraitJob.name]);
    const [image] = (
      await call(parent, "/api/generation/prediction/status", {
        imageIds: (generated.json().images as GeneratedImage[]).map((one) => one.id),
      })
    ).json().images as GeneratedImage[];
    expect(image).toMatchObject({ status: "succeeded", width: 2048, height: 2560 });

    const [row] = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.id, image?.id ?? ""));
    const original = (await t.storage.get(row?.storageKey ?? "")) ?? Buffer.alloc(0);
    const stored = await sharp(original).metadata();
    expect(stored).toMatchObject({ format: "jpeg", width: 2048, height: 2560 });
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeGreaterThanOrEqual(2048);
    // The gallery's thumbnail stays small.
    const thumbnail = (await t.storage.get(row?.thumbnailKey ?? "")) ?? Buffer.alloc(0);
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: "webp", width: 480, height: 600 });

    // The download is the original itself, saved under a friendly name.
    const download = await t.app.inject({ method: "GET", url: (image && portraitDownloadUrl(image)) ?? "" });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/jpeg");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="fairy-${image?.id.slice(0, 8)}.jpg"`,
    );
    expect(download.rawPayload.equals(original)).toBe(true);

    // One address answers every size (decision 0065): the thumbnail by a parameter the signature
    // does not cover, the full picture as is; a size it has not is a clear 400.
    const address = image?.url ?? "";
    const small = await t.app.inject({ method: "GET", url: portraitPictureUrl(address, "thumbnail") });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    expect(small.rawPayload.equals(thumbnail)).toBe(true);
    const full = await t.app.inject({ method: "GET", url: portraitPictureUrl(address, "full") });
    expect(full.rawPayload.equals(original)).toBe(true);
    expect(portraitSrcSet(image ?? { url: null, width: null })).toBe(
      `${portraitPictureUrl(address, "thumbnail")} 480w, ${address} 2048w`,
    );
    const huge = await t.app.inject({ method: "GET", url: `${address}&size=huge` });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe("BAD_REQUEST");
    const forged = await t.app.inject({
      method: "GET",
      url: portraitPictureUrl(address.replace(/signature=[^&]+/, "signature=forged"), "thumbnail"),
    });
    expect(forged.statusCode).toBe(404);

    const print = await call(parent, "/api/generation/print", { imageId: image?.id });
    expect(print.statusCode, print.body).toBe(200);
    const printed = await t.app.inject({ method: "GET", url: print.json().url });
    expect(printed.statusCode).toBe(200);
    expect(printed.headers["content-disposition"]).toMatch(/^attachment; filename="fairy-a4-print\.jpg"$/);
    expect(await sharp(printed.rawPayload).metadata()).toMatchObject({
      format: "jpeg",
      width: 2551,
      height: 3579,
      density: 300,
      resolutionUnit: "inch",
    });
  });
});

describe("portrait and print files", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
      .png()
      .toBuffer();

  it("keep a provider's output at its own size and watermark only its corner", async () => {
    const output = await picture(1088, 1360);
    const plain = await makePortraitFiles(output, { watermark: null });
    const marked = await makePortraitFiles(output, { watermark: "Wonderkin" });
    for (const files of [plain, marked]) {
      expect(files).toMatchObject({ width: 1088, height: 1360 });
      expect(await sharp(files.full).metadata()).toMatchObject({ width: 1088, height: 1360 });
      expect((await sharp(files.thumbnail).metadata()).width).toBe(480);
    }
    const pixels = async (jpeg: Buffer) =>
      (await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })).data;
    const [before, after] = await Promise.all([pixels(plain.full), pixels(marked.full)]);
    const changedAt = (x0: number, y0: number, x1: number, y1: number) => {
      let changed = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const at = (y * 1088 + x) * 3;
          if (Math.abs((before[at] ?? 0) - (after[at] ?? 0)) > 24) changed++;
        }
      }
      return changed;
    };
    // The label (white text) is in the bottom-right corner, and nowhere else.
    expect(changedAt(700, 1240, 1088, 1360)).toBeGreaterThan(500);
    expect(changedAt(0, 0, 1088, 1100)).toBe(0);
  });

  it("print A4 with bleed at 300 dpi, covering the page with the portrait", async () => {
    const print = await makePrintFile(await picture(2048, 2560));
    const meta = await sharp(print).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 2551, height: 3579, density: 300 });
    // Covered edge to edge: no white margin or band, even in the bleed.
    const { data, info } = await sharp(print).raw().toBuffer({ resolveWithObject: true });
    for (const [x, y] of [
      [0, 0],
      [info.width - 1, 0],
      [0, info.height - 1],
      [info.width - 1, info.height - 1],
      [Math.floor(info.width / 2), 0],
    ] as const) {
      const at = (y * info.width + x) * info.channels;
      expect(data[at]).toBeGreaterThan(170);
      expect(data[at + 2]).toBeLessThan(80);
    }
  });
});

describe("drawing the style art", () => {
  it("turns a shape's opacity into its paint's opacity, leaving groups and two-paint shapes alone", () => {
    expect(opacityAsPaintOpacity('<circle cx="1" cy="1" r="1" fill="#fff" opacity="0.5"/>')).toBe(
      '<circle cx="1" cy="1" r="1" fill="#fff" fill-opacity="0.5"/>',
    );
    expect(opacityAsPaintOpacity('<path d="M0,0" fill="none" stroke="#000" opacity="0.4"/>')).toBe(
      '<path d="M0,0" fill="none" stroke="#000" stroke-opacity="0.4"/>',
    );
    for (const unchanged of [
      '<rect width="1" height="1" fill="#fff" stroke="#000" opacity="0.5"/>',
      '<g transform="rotate(3)" opacity="0.8"><path d="M0,0"/></g>',
      '<circle r="1" fill="#fff" fill-opacity="0.3" opacity="0.5"/>',
    ]) {
      expect(opacityAsPaintOpacity(unchanged)).toBe(unchanged);
    }
  });

  it("draws the same picture after the rewrite", async () => {
    const style = findStyle("astronaut");
    if (!style) throw new Error("no astronaut");
    const svg = styleArtSvg(style.art, { width: 256, height: 320, seed: 3 });
    expect(svg).toMatch(/<(circle|path)\b[^>]* opacity="/);
    const draw = (text: string) => sharp(Buffer.from(text)).removeAlpha().raw().toBuffer();
    const [before, after] = await Promise.all([draw(svg), draw(opacityAsPaintOpacity(svg))]);
    let total = 0;
    let largest = 0;
    for (let index = 0; index < before.length; index++) {
      const difference = Math.abs((before[index] ?? 0) - (after[index] ?? 0));
      total += difference;
      largest = Math.max(largest, difference);
    }
    // Antialiasing on a shape's edge may round differently; nothing else changes.
    expect(largest).toBeLessThanOrEqual(16);
    expect(total / before.length).toBeLessThan(0.5);
  });
});
