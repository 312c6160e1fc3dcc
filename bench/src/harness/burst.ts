import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The same POST sent `calls` times at once, each on its own connection. */
export type Burst = {
  url: string;
  headers: Record<string, string>;
  /** A JSON body. */
  body: unknown;
  calls: number;
};

export type BurstCall = {
  status: number;
  /** The stable error `code` of a non-2xx JSON answer, if it has one. */
  code: string | null;
  /** From the call's start to its last body byte. */
  latencyMs: number;
  /** Status line, headers and body. */
  bytes: number;
  /** The parsed body of a 2xx answer. */
  body: unknown;
};

export type BurstResult = {
  /** From the first call's start to the last call's end. */
  wallMs: number;
  calls: BurstCall[];
};

export type BurstGeneratorMessage = { ok: true; result: BurstResult } | { ok: false; error: string };

const burstGeneratorFile = fileURLToPath(new URL("./burst-generator.ts", import.meta.url));

/**
 * Fires a burst from a separate process, for the reason measure-http.ts gives: the server runs in
 * this one, and a client sharing its event loop would measure itself as much as the server. Each
 * burst gets a fresh process, so every burst opens its connections alike.
 */
export function fireBurst(burst: Burst): Promise<BurstResult> {
  return new Promise((resolve, reject) => {
    const child = fork(burstGeneratorFile, [JSON.stringify(burst)]);
    let answer: BurstGeneratorMessage | undefined;
    child.on("message", (message) => {
      answer = message as BurstGeneratorMessage;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) resolve(answer.result);
      else if (answer) reject(new Error(answer.error));
      else
        reject(new Error(`burst generator stopped without a result (exit code ${code}, signal ${signal})`));
    });
  });
}
