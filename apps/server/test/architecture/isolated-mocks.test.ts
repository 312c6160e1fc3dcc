import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverFilesThatMockModules } from "../../../../vitest.config";

const serverRoot = path.resolve(import.meta.dirname, "../..");

/** Every server test file, relative to apps/server. */
async function serverTestFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const folder of ["src", "test"]) {
    const entries = await readdir(path.join(serverRoot, folder), { recursive: true });
    for (const entry of entries.map(String)) {
      if (entry.endsWith(".test.ts")) files.push(path.posix.join(folder, entry.split(path.sep).join("/")));
    }
  }
  return files.sort();
}

describe("server test files that replace modules", () => {
  // The server project shares one module graph per worker (isolate: false, vitest.config.ts): a
  // vi.mock there would leak into the files after it, or find the real module already loaded.
  it("are exactly the files the isolated project runs", async () => {
    const mocking: string[] = [];
    for (const file of await serverTestFiles()) {
      const source = await readFile(path.join(serverRoot, file), "utf8");
      if (/\bvi\.(mock|doMock|unmock|doUnmock|resetModules)\(/.test(source)) mocking.push(file);
    }
    expect(mocking).toEqual([...serverFilesThatMockModules].sort());
  });
});
