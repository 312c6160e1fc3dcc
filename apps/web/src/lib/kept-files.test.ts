// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { File as NodeFile } from "node:buffer";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// jsdom's File does not survive the structured clone IndexedDB makes (it comes back as `{}`);
// Node's own does, as a browser's File does.
const photo = (name: string, text = "pixels", type = "image/jpeg") =>
  new NodeFile([text], name, { type }) as unknown as File;

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 28, 10);

let kept: typeof import("./kept-files");

beforeEach(async () => {
  vi.stubGlobal("File", NodeFile);
  // A fresh, empty IndexedDB and a fresh module (it keeps its open database) for each test.
  vi.stubGlobal("indexedDB", new IDBFactory());
  vi.resetModules();
  kept = await import("./kept-files");
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("kept files", () => {
  it("reads back a kept file with its bytes, name and type, in its scope only", async () => {
    await kept.keepFile("child-photos/f1/7", "a", photo("a.jpg", "first"), now);
    await kept.keepFile("child-photos/f1/7", "b", photo("b.png", "second", "image/png"), now + 1);
    await kept.keepFile("child-photos/f1/8", "c", photo("c.jpg"), now);

    const files = await kept.readKeptFiles("child-photos/f1/7", now);
    expect(files.map(({ key, name, type, size }) => ({ key, name, type, size }))).toEqual([
      { key: "a", name: "a.jpg", type: "image/jpeg", size: 5 },
      { key: "b", name: "b.png", type: "image/png", size: 6 },
    ]);
    expect(await files[0]?.file?.text()).toBe("first");
    expect(files[1]?.file?.name).toBe("b.png");
    expect((await kept.readKeptFiles("child-photos/f2/7", now)).length).toBe(0);
  });

  it("forgets the files it is told to, and only those", async () => {
    await kept.keepFile("s", "a", photo("a.jpg"), now);
    await kept.keepFile("s", "b", photo("b.jpg"), now);
    await kept.forgetFiles("s", ["a"]);

    expect((await kept.readKeptFiles("s", now)).map((file) => file.name)).toEqual(["b.jpg"]);
    // The light record goes with the copy: nothing named stays behind.
    localStorage.clear();
    await kept.forgetFiles("s", ["b"]);
    expect(await kept.readKeptFiles("s", now)).toEqual([]);
  });

  it("forgets every scope's copies at once (sign-out on a shared device)", async () => {
    await kept.keepFile("child-photos/f1/7", "a", photo("a.jpg"), now);
    await kept.keepFile("child-photos/f2/9", "b", photo("b.jpg"), now);
    await kept.forgetAllKeptFiles();
    // Sign-out clears the names in local storage; the bytes were in IndexedDB, and are gone too.
    localStorage.clear();
    await kept.keepFile("child-photos/f1/7", "c", photo("c.jpg"), now);
    expect((await kept.readKeptFiles("child-photos/f1/7", now)).map((file) => file.name)).toEqual(["c.jpg"]);
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opened = indexedDB.open("wonderkin-kept-files");
      opened.onsuccess = () => resolve(opened.result);
      opened.onerror = () => reject(opened.error);
    });
    const count = await new Promise<number>((resolve, reject) => {
      const counted = database.transaction("files").objectStore("files").count();
      counted.onsuccess = () => resolve(counted.result);
      counted.onerror = () => reject(counted.error);
    });
    database.close();
    expect(count).toBe(1);
  });

  it("drops copies older than a week when read, in every scope", async () => {
    await kept.keepFile("old", "a", photo("a.jpg"), now - 8 * day);
    await kept.keepFile("recent", "b", photo("b.jpg"), now - 6 * day);

    expect((await kept.readKeptFiles("recent", now)).map((file) => file.name)).toEqual(["b.jpg"]);
    // Read by another scope, the old copy went too: even its bytes, not just its name.
    localStorage.clear();
    expect(await kept.readKeptFiles("old", now - 8 * day)).toEqual([]);
  });

  it("still reads a copy whose name was cleared from local storage (a sign-out)", async () => {
    await kept.keepFile("s", "a", photo("a.jpg"), now);
    localStorage.clear();

    const [file] = await kept.readKeptFiles("s", now);
    expect(file?.name).toBe("a.jpg");
    expect(await file?.file?.text()).toBe("pixels");
  });

  it("names the files without their bytes when IndexedDB is unavailable, and never throws", async () => {
    vi.stubGlobal("indexedDB", undefined);
    vi.resetModules();
    kept = await import("./kept-files");

    await expect(kept.keepFile("s", "a", photo("a.jpg"), now)).resolves.toBeUndefined();
    await kept.keepFile("s", "b", photo("b.jpg"), now);
    expect(await kept.readKeptFiles("s", now)).toEqual([
      { key: "a", name: "a.jpg", size: 6, type: "image/jpeg", savedAt: now, file: null },
      { key: "b", name: "b.jpg", size: 6, type: "image/jpeg", savedAt: now, file: null },
    ]);
    await kept.forgetFiles("s", ["a", "b"]);
    expect(await kept.readKeptFiles("s", now)).toEqual([]);
  });

  it("names a file whose copy cannot be read back", async () => {
    // What comes back from the database is not a readable blob (a broken or cleared copy).
    const unreadable = { name: "a.jpg", size: 6, type: "image/jpeg" } as File;
    await kept.keepFile("s", "a", unreadable, now);

    expect(await kept.readKeptFiles("s", now)).toEqual([
      { key: "a", name: "a.jpg", size: 6, type: "image/jpeg", savedAt: now, file: null },
    ]);
  });

  it("ignores a light record it cannot understand", async () => {
    localStorage.setItem("wonderkin.kept-files.s", "{not json");
    expect(await kept.readKeptFiles("s", now)).toEqual([]);
    localStorage.setItem("wonderkin.kept-files.s", JSON.stringify([{ key: "a" }, "b"]));
    expect(await kept.readKeptFiles("s", now)).toEqual([]);
  });
});
