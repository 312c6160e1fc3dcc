import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { Benchmark } from "../harness/benchmark";
import { freePort } from "../harness/free-port";
import { readyAfter } from "../harness/ready-after";
import { summariseTimes } from "../harness/summarise-times";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

/** Whether any process of the group is still alive (signal 0 only asks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the whole process group (`npm start` is npm with node under it) and waits until every
 * process of it is gone: the next start needs the data directory's lock the last one held.
 */
async function stop(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (!pid || !groupAlive(pid)) return;
  process.kill(-pid, "SIGTERM");
  for (let waited = 0; groupAlive(pid) && waited < 30_000; waited += 50) await sleep(50);
  if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  while (groupAlive(pid)) await sleep(50);
}

type Start = { command: string; args: string[]; env: Record<string, string>; readyPath: string };

/** Starts the command `runs` times, each from cold (a new process), and times it to ready. */
async function timeStarts(start: Start, count = runs): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < count; run++) {
    const port = await freePort();
    const startedAt = performance.now();
    const child = spawn(start.command, start.args, {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...start.env, PORT: String(port) },
      stdio: "ignore",
      detached: true,
    });
    try {
      times.push(await readyAfter(child, `http://127.0.0.1:${port}${start.readyPath}`, startedAt));
    } finally {
      await stop(child);
    }
  }
  return times;
}

const BARE_SERVER = `
import Fastify from "fastify";
const app = Fastify();
app.get("/ready", async () => ({ status: "ready" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
`;

/**
 * How long a restart takes, from the command to the first 200 from the readiness check: the
 * product's `npm start` on an existing data directory with an up-to-date build (no rebuild), and
 * `node apps/server/dist/main.js` as a container runs it, against a bare Fastify server started
 * with node in the same run. "requests/s" reads as starts per second; latencies are start times.
 */
export const startupBenchmark: Benchmark = {
  name: "startup",
  description:
    "a restart to ready (npm start and node dist/main.js on an existing data dir) vs a bare Fastify start",
  async run() {
    if (!existsSync(path.join(repoRoot, "apps/server/dist/main.js"))) {
      throw new Error("no server build: run npm run build first");
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "wonderkin-bench-startup-"));
    const bareFile = path.join(repoRoot, "bench", `.bare-fastify-${process.pid}.mjs`);
    writeFileSync(bareFile, BARE_SERVER);
    const product = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
    };
    try {
      // The first start builds if the build is stale, creates the data directory and applies every
      // migration: not measured.
      process.stderr.write("startup: first start (build if stale, new data directory)\n");
      await timeStarts({ command: "npm", args: ["start"], env: product, readyPath: "/api/ready" }, 1);
      process.stderr.write(`startup: ${runs} starts of each subject\n`);
      const bare = await timeStarts({
        command: process.execPath,
        args: [bareFile],
        env: {},
        readyPath: "/ready",
      });
      const node = await timeStarts({
        command: process.execPath,
        args: ["apps/server/dist/main.js"],
        env: product,
        readyPath: "/api/ready",
      });
      const npmStart = await timeStarts({
        command: "npm",
        args: ["start"],
        env: product,
        readyPath: "/api/ready",
      });
      return {
        subjects: [
          summariseTimes("bare Fastify", "node on a one-route Fastify server, to its first 200", bare),
          summariseTimes(
            "node dist/main.js",
            "the compiled product (ROLE=all, PGlite with data) to /api/ready 200",
            node,
          ),
          summariseTimes(
            "npm start",
            "npm start with an up-to-date build (no rebuild) on the same data, to /api/ready 200",
            npmStart,
          ),
        ],
        comparison: { subject: "npm start", baseline: "bare Fastify" },
        otherComparisons: [{ subject: "node dist/main.js", baseline: "bare Fastify" }],
        conditions: `${runs} starts of each subject one after the other, each a new process; the product's build and data directory made by one unmeasured npm start first`,
      };
    } finally {
      rmSync(bareFile, { force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
