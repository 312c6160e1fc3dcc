import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { StatementCounter } from "./postgres-statement-counter";

export type StatementsPerRequest = {
  /** Statements per request, less what the idle process sent in as long a time. */
  perRequest: number;
  /** What the process sent by itself (the job queue's polling) over the same time, per request. */
  idlePerRequest: number;
  /** The statements of the first counted request, as sent (shortened). */
  oneRequest: string[];
};

/** Requests before the count: caches, lazily prepared work and the pool's connections in place. */
const WARMUP_REQUESTS = 5;

/**
 * How many SQL statements one request costs: `request` sent `requests` times one after the other,
 * while nothing else asks the server anything, through the proxy the server's database connection
 * goes through. The process may talk to its database on its own meanwhile (a job queue polls), so
 * as long a quiet window follows and what it counts is taken off.
 */
export async function statementsPerRequest(
  counter: StatementCounter,
  request: () => Promise<unknown>,
  requests: number,
): Promise<StatementsPerRequest> {
  for (let index = 0; index < WARMUP_REQUESTS; index++) await request();
  counter.reset();
  await request();
  const oneRequest = counter.statements();

  counter.reset();
  const start = performance.now();
  for (let index = 0; index < requests; index++) await request();
  const elapsedMs = performance.now() - start;
  const busy = counter.statements().length;

  counter.reset();
  await sleep(elapsedMs);
  const idle = counter.statements().length;
  return { perRequest: (busy - idle) / requests, idlePerRequest: idle / requests, oneRequest };
}
