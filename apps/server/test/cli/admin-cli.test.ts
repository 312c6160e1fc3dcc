import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "../../src/db/data-dir-lock";
import { runAdmin } from "../support/admin-cli";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wk-admin-cli-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const admin = (args: string[]) => runAdmin(args, { dataDir });

describe("npm run admin", { timeout: 120_000 }, () => {
  it("explains its usage", async () => {
    const result = await admin([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("disable-user <email>");
  });

  it("says when there is no such account", async () => {
    const result = await admin(["disable-user", "nobody@example.com"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account with the e-mail nobody@example.com.");
  });

  it("lists what the safety screen held, and asks who decides and why before any decision", async () => {
    const listed = await admin(["safety-holds"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("No held items.");
    const unexplained = await admin(["confirm-hold", "some-hold"]);
    expect(unexplained.code).toBe(2);
    expect(unexplained.stderr).toContain("--operator <name> --reason");
    const unknown = await admin(["release-hold", "no-such-hold", "--operator", "ana", "--reason", "ok"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No held item no-such-hold.");
  });

  it("refuses to open an embedded database another process is using", async () => {
    const unlock = await lockDataDir(dataDir);
    try {
      // The lock names this test's process, which is alive.
      const result = await admin(["disable-user", "x@example.com"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    } finally {
      await unlock();
    }
  });
});
