import { performance } from "node:perf_hooks";
import type { Burst, BurstCall, BurstGeneratorMessage, BurstResult } from "./burst";

/*
 * Child process started by burst.ts: sends one burst of concurrent calls, sends the result back
 * over IPC and exits. Fetch's default agent opens as many connections to one origin as there are
 * calls in flight, so every call of the burst is on the wire at the same time.
 */

async function fire(burst: Burst): Promise<BurstResult> {
  const body = JSON.stringify(burst.body);
  const headers = { "content-type": "application/json", ...burst.headers };
  const call = async (): Promise<BurstCall> => {
    const began = performance.now();
    const response = await fetch(burst.url, { method: "POST", headers, body });
    const text = await response.text();
    const latencyMs = performance.now() - began;
    let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length + Buffer.byteLength(text);
    response.headers.forEach((value, name) => {
      bytes += name.length + value.length + 4;
    });
    const json = parseJson(text);
    const code =
      !response.ok && json && typeof json === "object" && "code" in json ? String(json.code) : null;
    return { status: response.status, code, latencyMs, bytes, body: response.ok ? json : null };
  };
  const start = performance.now();
  const calls = await Promise.all(Array.from({ length: burst.calls }, call));
  return { wallMs: performance.now() - start, calls };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function reply(message: BurstGeneratorMessage): void {
  // Exit only once the message is handed over, or the parent could see the exit first.
  process.send?.(message, () => process.exit(0));
}

fire(JSON.parse(process.argv[2] ?? "{}") as Burst).then(
  (result) => reply({ ok: true, result }),
  (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
