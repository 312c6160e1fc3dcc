import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectImageType } from "../../src/image-work/photos/detect-image-type";
import { hammingDistance, perceptualHash } from "../../src/image-work/photos/image-measures";
import { processPhoto } from "../../src/image-work/photos/process-photo";
import { heicHeader, testPhoto } from "../support/photos";

describe("detecting the type from the bytes", () => {
  it("recognises JPEG, PNG, WebP and AVIF whatever they are called, and HEIC to explain it", async () => {
    const base = sharp({ create: { width: 16, height: 16, channels: 3, background: "#fa0" } });
    expect(detectImageType(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageType(await base.clone().png().toBuffer())).toBe("png");
    expect(detectImageType(await base.clone().webp().toBuffer())).toBe("webp");
    expect(detectImageType(await base.clone().avif().toBuffer())).toBe("avif");
    expect(detectImageType(heicHeader())).toBe("heic");
  });

  it("calls anything else unknown, including near misses and empty files", () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8]),
      Buffer.from("GIF89a......"),
      Buffer.from("RIFF....WAVEfmt "),
      Buffer.from("%PDF-1.7"),
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
    ]) {
      expect(detectImageType(bytes)).toBe("unknown");
    }
  });
});

describe("the perceptual hash", () => {
  it("is close for the same photo re-encoded and far for different photos", async () => {
    const photo = await testPhoto({ seed: 1 });
    const reencoded = await sharp(photo).resize(500).webp({ quality: 60 }).toBuffer();
    const other = await testPhoto({ seed: 2 });
    const a = await perceptualHash(photo);
    expect(hammingDistance(a, await perceptualHash(reencoded))).toBeLessThanOrEqual(6);
    expect(hammingDistance(a, await perceptualHash(other))).toBeGreaterThan(6);
  });
});

describe("the blur flag", () => {
  it("flags the same photos once blurred, and not before", async () => {
    for (const seed of [1, 2, 3]) {
      const crisp = await processPhoto(await testPhoto({ seed }), { maxBytes: 20e6 });
      const soft = await processPhoto(await testPhoto({ seed, blur: 2.5 }), { maxBytes: 20e6 });
      expect(crisp.blurry, `seed ${seed}: ${crisp.sharpness}`).toBe(false);
      expect(soft.blurry, `seed ${seed}: ${soft.sharpness}`).toBe(true);
    }
  });
});
