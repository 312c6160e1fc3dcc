import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "../../src/config/auth-secret";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "wk-secret-"));
  dirs.push(dir);
  return path.join(dir, "nested/data");
}

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when set", async () => {
    const secret = "x".repeat(40);
    expect(await resolveAuthSecret({ AUTH_SECRET: secret, dataDir: await tempDir() })).toBe(secret);
  });

  it("creates a random secret once, readable only by its owner, and reuses it after a restart", async () => {
    const dataDir = await tempDir();
    const first = await resolveAuthSecret({ AUTH_SECRET: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(await resolveAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(first);
    const file = path.join(dataDir, "auth-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const other = await resolveAuthSecret({ AUTH_SECRET: undefined, dataDir: await tempDir() });
    expect(other).not.toBe(first);
  });
});
