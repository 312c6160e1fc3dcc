import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/paths";

const run = promisify(execFile);

describe("e-mail templates", () => {
  it("render when the server is started from any directory (tsx takes that directory's tsconfig)", async () => {
    const script = `import { verificationEmail } from ${JSON.stringify(path.join(repoRoot, "apps/server/src/emails/index.ts"))};
console.log(verificationEmail({ appName: "Wonderkin", firstName: "Ada", url: "http://x/verify" }).subject);`;
    const { stdout } = await run(path.join(repoRoot, "node_modules/.bin/tsx"), ["--eval", script], {
      cwd: os.tmpdir(),
    });
    expect(stdout.trim().length).toBeGreaterThan(0);
  });
});
