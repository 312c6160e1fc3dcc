import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../harness/free-port";
import { readyAfter } from "../harness/ready-after";
import type { MeasuredProcess, ProcessMemory } from "./full-app-process";
import { BENCH_AUTH_SECRET } from "./start-full-app";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
/** The compiled server, as production starts it (`npm run build` makes it). */
export const COMPILED_SERVER = path.join(repository, "apps/server/dist/main.js");
const WEB_DIST_DIR = path.join(repository, "apps/web/dist");
const READY_TIMEOUT_MS = 60_000;

/** Whether `npm run build` has made the compiled server and the web app it serves. */
export function compiledServerBuilt(): boolean {
  return existsSync(COMPILED_SERVER) && existsSync(path.join(WEB_DIST_DIR, "index.html"));
}

/** VmRSS and VmHWM of /proc/<pid>/status, in bytes (Linux). */
async function memoryOf(pid: number): Promise<ProcessMemory> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") * 1024, maxRss: kib("VmHWM") * 1024 };
}

/**
 * An API process exactly as a scaled-out production deployment runs one: `node
 * apps/server/dist/main.js` (no tsx, no TypeScript at run time) with `ROLE=api`, on an existing
 * PostgreSQL database whose sessions it can read (the benchmarks' shared secret). Its memory is read
 * from outside, from /proc, so measuring it costs the process nothing.
 */
export async function startCompiledApiProcess(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<MeasuredProcess> {
  if (!compiledServerBuilt()) throw new Error(`${COMPILED_SERVER} is missing: run npm run build first`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-api-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      ROLE: "api",
      DATA_DIR: dataDir,
      // Media stay on this host; the bench's processes all run here.
      STORAGE_LOCAL_SHARED: "true",
      WEB_DIST_DIR,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await readyAfter(child, `${origin}/api/ready`, performance.now(), READY_TIMEOUT_MS);
  } catch (error) {
    await close();
    throw error;
  }
  const pid = child.pid ?? 0;
  return { origin, memory: () => memoryOf(pid), close };
}
