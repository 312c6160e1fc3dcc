#!/usr/bin/env node
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";

/**
 * Runs named stages one after another, stops at the first that fails, and prints how long each took
 * — also when one failed, so a slow or broken stage is named at the end of a long log.
 *
 *   node scripts/run-stages.mjs "lint=npm run lint" "unit=npm run test:unit" …
 *
 * With STAGE_TIMES_FILE set, each stage's line is also appended there (`.ci/run` collects the
 * stages of `npm test` and its own into one table).
 */
const stages = process.argv.slice(2).map((argument) => {
  const split = argument.indexOf("=");
  if (split <= 0) throw new Error(`A stage is "name=command", got "${argument}"`);
  return { name: argument.slice(0, split), command: argument.slice(split + 1) };
});

const formatDuration = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
};

const finished = [];
let status = 0;
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.command}`);
  const started = performance.now();
  const result = spawnSync(stage.command, { shell: true, stdio: "inherit" });
  const line = {
    name: stage.name,
    duration: formatDuration(performance.now() - started),
    outcome: result.status === 0 ? "ok" : `failed (${result.status ?? result.signal})`,
  };
  finished.push(line);
  if (process.env.STAGE_TIMES_FILE) {
    appendFileSync(process.env.STAGE_TIMES_FILE, `${line.name}\t${line.duration}\t${line.outcome}\n`);
  }
  if (result.status !== 0) {
    status = result.status ?? 1;
    break;
  }
}

console.log("\n== stage times");
for (const line of finished)
  console.log(`${line.name.padEnd(12)} ${line.duration.padStart(7)}  ${line.outcome}`);
process.exit(status);
