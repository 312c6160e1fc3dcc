import type { BenchSettings, RunningServer, SubjectResult } from "./benchmark";
import { measureHttp } from "./measure-http";

export type ServerSubject = {
  name: string;
  description: string;
  start(): Promise<RunningServer>;
  /** Fails the run when the subject answers, but not what the benchmark means to measure. */
  check(response: Response): Promise<void>;
};

/**
 * Starts one subject, checks it answers `path` as expected, loads it, and always closes it, so
 * subjects measured one after the other never share the machine.
 */
export async function measureServer(
  subject: ServerSubject,
  path: string,
  settings: BenchSettings,
): Promise<SubjectResult> {
  log(`${subject.name}: starting`);
  const server = await subject.start();
  try {
    const url = `${server.origin}${path}`;
    await subject.check(await fetch(url));
    log(`${subject.name}: ${settings.warmupSeconds} s warm-up, then ${settings.durationSeconds} s measured`);
    const measurement = await measureHttp({ url, ...settings });
    return { name: subject.name, description: subject.description, ...measurement };
  } finally {
    await server.close();
  }
}

function log(message: string): void {
  // Progress goes to stderr so that stdout holds only the results table.
  process.stderr.write(`  ${message}\n`);
}
