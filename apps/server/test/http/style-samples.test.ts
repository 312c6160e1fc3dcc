import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { createTestApp, type TestApp } from "../create-test-app";

let t: TestApp;
let samplesDir: string;
let astronaut: Buffer;

async function picture(format: "webp" | "png" | "jpeg", colour: string): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 60, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

beforeAll(async () => {
  samplesDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-samples-"));
  astronaut = await picture("webp", "#203060");
  writeFileSync(path.join(samplesDir, "astronaut.webp"), astronaut);
  writeFileSync(path.join(samplesDir, "magic.png"), await picture("png", "#603020"));
  writeFileSync(path.join(samplesDir, "UN-speaker.jpg"), await picture("jpeg", "#306020"));
  // Not samples: an unknown id, HTML behind an image name, a type that is not a picture, an empty
  // file, a link out of the folder and a hidden file.
  writeFileSync(path.join(samplesDir, "not-a-style.webp"), astronaut);
  writeFileSync(path.join(samplesDir, "fairy.png"), "<html><script>alert(1)</script></html>");
  writeFileSync(path.join(samplesDir, "witch.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(samplesDir, "viking.webp"), "");
  const outside = path.join(mkdtempSync(path.join(os.tmpdir(), "wonderkin-outside-")), "secret.png");
  writeFileSync(outside, await picture("png", "#000000"));
  symlinkSync(outside, path.join(samplesDir, "knight.png"));
  writeFileSync(path.join(samplesDir, ".pirate.webp"), astronaut);
  t = await createTestApp({ SAMPLES_DIR: samplesDir });
});
afterAll(() => t.close());

async function listedSamples(): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: "GET", url: "/api/config" });
  expect(response.statusCode).toBe(200);
  return response.json().samples;
}

describe("the operator's sample previews", () => {
  it("are listed in the public config by style or category id, each at a versioned URL", async () => {
    const samples = await listedSamples();
    expect(Object.keys(samples).sort()).toEqual(["UN-speaker", "astronaut", "magic"]);
    expect(samples.astronaut).toMatch(/^\/samples\/astronaut\?v=[a-z0-9]+$/);
    expect(samples["UN-speaker"]).toMatch(/^\/samples\/UN-speaker\?v=/);
  });

  it("are served with their image type and caching headers, and revalidate by ETag", async () => {
    const response = await t.app.inject({ method: "GET", url: (await listedSamples()).astronaut ?? "" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=86400/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.rawPayload.equals(astronaut)).toBe(true);
    const etag = String(response.headers.etag);
    const again = await t.app.inject({
      method: "GET",
      url: "/samples/astronaut",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    const png = await t.app.inject({ method: "GET", url: "/samples/magic" });
    expect(png.headers["content-type"]).toBe("image/png");
    const jpeg = await t.app.inject({ method: "GET", url: "/samples/UN-speaker" });
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuse unknown ids, unsafe names and files that are not what their name says", async () => {
    for (const url of [
      "/samples/not-a-style",
      "/samples/fairy",
      "/samples/witch",
      "/samples/viking",
      "/samples/knight",
      "/samples/.pirate",
      "/samples/..%2F..%2Fetc%2Fpasswd",
      "/samples/astronaut.webp",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toMatch(/NOT_FOUND/);
    }
  });

  it("show up without a restart when a file is dropped in, with a new URL when one is replaced", async () => {
    const before = await listedSamples();
    expect(before.pirate).toBeUndefined();
    writeFileSync(path.join(samplesDir, "pirate.webp"), await picture("webp", "#aa2222"));
    const after = await listedSamples();
    expect(after.pirate).toMatch(/^\/samples\/pirate\?v=/);

    const file = path.join(samplesDir, "astronaut.webp");
    writeFileSync(file, await picture("webp", "#ffffff"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const replaced = await listedSamples();
    expect(replaced.astronaut).not.toBe(before.astronaut);
    const served = await t.app.inject({ method: "GET", url: "/samples/astronaut" });
    expect(served.rawPayload.equals(readFileSync(file))).toBe(true);
  });
});

describe("SAMPLES_DIR", () => {
  it("defaults to the samples folder of DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-data-"));
    mkdirSync(path.join(dataDir, "samples"));
    expect(loadEnv({ DATA_DIR: dataDir }).samplesDir).toBe(path.join(dataDir, "samples"));
    expect(loadEnv({ DATA_DIR: dataDir, SAMPLES_DIR: "/srv/samples" }).samplesDir).toBe("/srv/samples");
  });
});
