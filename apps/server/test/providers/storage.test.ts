import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env";
import { storageMediaOrigin } from "../../src/providers/storage";
import { createLocalStorage } from "../../src/providers/storage/local-storage";
import type { Storage } from "../../src/providers/storage/storage";
import { type FakeS3, startFakeS3, storageOnFakeS3 } from "../support/fake-s3";

let s3: FakeS3;
let localRoot: string;
const stores: Record<string, () => Storage> = {
  local: () => createLocalStorage({ root: localRoot, secret: "a-secret-for-tests" }),
  s3: () => storageOnFakeS3(s3, { urlTtlSeconds: 300 }),
};

beforeAll(async () => {
  s3 = await startFakeS3();
  localRoot = mkdtempSync(path.join(os.tmpdir(), "wonderkin-storage-"));
});
afterAll(async () => {
  await s3.close();
  rmSync(localRoot, { recursive: true, force: true });
});

for (const [kind, create] of Object.entries(stores)) {
  describe(`${kind} storage`, () => {
    it("puts, gets, lists by prefix and deletes", async () => {
      const storage = create();
      const prefix = `families/f-${kind}/children/1/`;
      await storage.put(`${prefix}photos/a.jpg`, Buffer.from("a"), "image/jpeg");
      await storage.put(`${prefix}thumbnails/a.webp`, Buffer.from("thumb"), "image/webp");
      await storage.put(`families/other-${kind}/x.jpg`, Buffer.from("x"), "image/jpeg");
      expect((await storage.get(`${prefix}photos/a.jpg`))?.toString()).toBe("a");
      expect(await storage.get(`${prefix}photos/missing.jpg`)).toBeNull();
      expect((await storage.list(prefix)).sort()).toEqual([
        `${prefix}photos/a.jpg`,
        `${prefix}thumbnails/a.webp`,
      ]);
      await storage.delete(await storage.list(prefix));
      expect(await storage.list(prefix)).toEqual([]);
      expect(await storage.list(`families/other-${kind}/`)).toEqual([`families/other-${kind}/x.jpg`]);
    });

    it("refuses keys that could escape their folder", async () => {
      const storage = create();
      for (const key of ["../etc/passwd", "families/../../x", "/abs", "a//b", ".hidden/x"]) {
        await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe storage key/);
      }
    });
  });
}

describe("S3 addresses", () => {
  it("are presigned and expire; the objects are not public", async () => {
    const storage = stores.s3?.() as Storage;
    await storage.put("families/f/children/1/photos/p.jpg", Buffer.from("photo"), "image/jpeg");
    const url = await storage.signedUrl("families/f/children/1/photos/p.jpg");
    expect(url).toContain("X-Amz-Signature=");
    // Signed as of the start of the minute: the same address on every poll within it.
    expect(new URL(url).searchParams.get("X-Amz-Date")).toMatch(/^\d{8}T\d{4}00Z$/);
    const minuteBefore = Math.floor(Date.now() / 60_000);
    const first = await storage.signedUrl("families/f/children/1/photos/p.jpg");
    const second = await storage.signedUrl("families/f/children/1/photos/p.jpg");
    const download = await storage.signedUrl("families/f/children/1/photos/p.jpg", { downloadName: "p.jpg" });
    if (Math.floor(Date.now() / 60_000) === minuteBefore) expect(second).toBe(first);
    expect(download).not.toBe(first);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe("photo");
    expect((await fetch(url.split("?")[0] ?? "")).status).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set("X-Amz-Date", "20200101T000000Z");
    expect((await fetch(expired)).status).toBe(403);
  });
});

describe("the media origin for the Content-Security-Policy", () => {
  const base = { AUTH_SECRET: "x".repeat(40) };
  it("names the bucket's origin for S3 and nothing for local disk", () => {
    expect(storageMediaOrigin(loadEnv(base))).toBeNull();
    expect(
      storageMediaOrigin(
        loadEnv({ ...base, STORAGE_PROVIDER: "s3", S3_BUCKET: "kids", S3_REGION: "eu-west-1" }),
      ),
    ).toBe("https://kids.s3.eu-west-1.amazonaws.com");
    expect(
      storageMediaOrigin(
        loadEnv({
          ...base,
          STORAGE_PROVIDER: "s3",
          S3_BUCKET: "kids",
          S3_ENDPOINT: "http://127.0.0.1:9000",
          S3_FORCE_PATH_STYLE: "true",
        }),
      ),
    ).toBe("http://127.0.0.1:9000");
  });

  it("requires a bucket with S3", () => {
    expect(() => loadEnv({ ...base, STORAGE_PROVIDER: "s3" })).toThrow(/S3_BUCKET/);
  });
});
