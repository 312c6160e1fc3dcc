import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { commonErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { childPhoto } from "../../src/db/schema";
import { createLocalStorage } from "../../src/providers/storage/local-storage";
import { StorageFullError } from "../../src/providers/storage/storage";
import { createTestApp, type TestApp } from "../create-test-app";
import { acceptConsent } from "../support/children";
import { postAs, type TestParent, verifiedParent } from "../support/families";
import { testPhoto, upload, uploadForm } from "../support/photos";

/**
 * A full disk, as the operating system reports it: the temporary file is created, then the write
 * fails with ENOSPC, leaving it empty. `disk.roomFor` writes succeed before the disk is full.
 */
const disk = vi.hoisted(() => ({ roomFor: Number.POSITIVE_INFINITY, writes: 0 }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (typeof file === "string" && file.endsWith(".partial")) {
      disk.writes += 1;
      if (disk.writes > disk.roomFor) {
        await actual.writeFile(file, "");
        throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
          code: "ENOSPC",
          errno: -28,
          syscall: "write",
        });
      }
    }
    return actual.writeFile(file, data, options);
  };
  return { ...actual, writeFile, default: { ...actual, writeFile } };
});

/** Every file and folder under `root`, dot-files (a `.partial`) included. */
async function everythingUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String).sort();
}

beforeEach(() => {
  disk.roomFor = Number.POSITIVE_INFINITY;
  disk.writes = 0;
});

describe("local storage on a full disk", () => {
  it("refuses the write with StorageFullError and leaves no partial file or folder behind", async () => {
    const root = path.join(os.tmpdir(), `wonderkin-full-disk-${process.pid}-${Date.now()}`);
    const storage = createLocalStorage({ root, secret: "a-secret-for-tests" });
    disk.roomFor = 0;
    const put = storage.put("families/f1/children/7/photos/p.jpg", Buffer.alloc(1024, 1), "image/jpeg");
    await expect(put).rejects.toBeInstanceOf(StorageFullError);
    expect(await everythingUnder(root)).toEqual([]);
  });
});

describe("an upload when the disk fills up", () => {
  let t: TestApp;
  let ada: TestParent;
  let childId: number;
  const mediaRoot = () => path.join(t.env.DATA_DIR, "media");

  beforeAll(async () => {
    t = await createTestApp({ FACE_DETECTION: "off" });
    ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    await acceptConsent(t.app, ada);
    childId = (
      await postAs(t.app, "/api/children/add", ada, ada.familyId, {
        firstName: "Luna",
        age: 5,
        gender: "girl",
      })
    ).json().id;
  }, 60_000);
  afterAll(() => t.close());

  const photosOfChild = () => t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));

  it("answers 507 STORAGE_FULL in words a parent reads, and keeps nothing of the batch", async () => {
    const files = await Promise.all(
      [1, 2, 3].map(async (seed) => ({ name: `p${seed}.jpg`, bytes: await testPhoto({ seed }) })),
    );
    // Room for the first photo and its thumbnail; the second photo's write fails.
    disk.roomFor = 2;
    const response = await upload(t.app, "/api/image/upload", ada, ada.familyId, uploadForm(childId, files));
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toEqual({
      code: commonErrorCodes.storageFull,
      message:
        "We can't save files right now because our storage is full. Nothing was saved; please try again later.",
    });
    expect(disk.writes).toBe(3);
    expect(await photosOfChild()).toEqual([]);
    expect(await everythingUnder(mediaRoot())).toEqual([]);

    // A single photo (the web app's upload) gets the same answer, and nothing stays either.
    disk.writes = 0;
    disk.roomFor = 0;
    const single = await upload(
      t.app,
      "/api/image/single-image-upload",
      ada,
      ada.familyId,
      uploadForm(childId, [files[0] as (typeof files)[number]]),
    );
    expect(single.statusCode).toBe(507);
    expect(single.json().code).toBe(commonErrorCodes.storageFull);
    expect(await everythingUnder(mediaRoot())).toEqual([]);

    // Once there is room again, the same files go in.
    disk.roomFor = Number.POSITIVE_INFINITY;
    const again = await upload(t.app, "/api/image/upload", ada, ada.familyId, uploadForm(childId, files));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().photoCount).toBe(3);
  }, 60_000);
});
