import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** What the metrics read at scrape time: the queues' depth and the database pool's use. */
export type MetricSources = {
  queueNames: readonly string[];
  /** Jobs waiting (created or retrying) in a queue. */
  queueDepth(name: string): Promise<number>;
  /** The process's PostgreSQL pool, or null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** How the likeness checks of the portraits finished in the last day ended (every instance). */
  likenessOutcomes(): Promise<{ passedFirst: number; passedSecond: number; unlike: number }>;
};

export type Metrics = {
  registry: Registry;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  observeJob(queue: string, outcome: "completed" | "failed", seconds: number): void;
  /** One child-safety check (decision 0038): what was screened, how it ended, how long it took. */
  observeSafetyCheck(
    subject: "photo" | "family_picture" | "preview" | "portrait",
    outcome: "passed" | "refused" | "withheld",
    seconds: number,
  ): void;
};

/**
 * The process's Prometheus metrics (prom-client): HTTP latency by route and status, job counts and
 * durations by queue and outcome, queue depth, database pool use, and Node's own (event-loop lag,
 * memory, GC). One registry per process, built in the composition root and shared by the HTTP app
 * and the worker.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "wonderkin_http_request_duration_seconds",
    help: "HTTP request latency by route (the route pattern, not the URL) and status code",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobs = new Counter({
    name: "wonderkin_jobs_total",
    help: "Jobs worked by this process, by queue and outcome (a failed attempt may be retried)",
    labelNames: ["queue", "outcome"],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "wonderkin_job_duration_seconds",
    help: "How long jobs ran, by queue and outcome",
    labelNames: ["queue", "outcome"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  new Gauge({
    name: "wonderkin_queue_depth",
    help: "Jobs waiting in each queue (created or waiting for a retry), read at scrape time",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      const depths = await Promise.all(
        sources.queueNames.map(
          async (name) => [name, await sources.queueDepth(name).catch(() => -1)] as const,
        ),
      );
      for (const [name, depth] of depths) if (depth >= 0) this.set({ queue: name }, depth);
    },
  });
  new Gauge({
    name: "wonderkin_db_pool_connections",
    help: "The PostgreSQL pool's connections by state (absent on the embedded database)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = sources.poolStats();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  new Gauge({
    name: "wonderkin_portrait_likeness_last_day",
    help: "Portraits finished in the last 24 hours by their likeness check: passed at once, passed on the free second render, or unlike twice and refunded",
    labelNames: ["outcome"],
    registers: [registry],
    async collect() {
      const outcomes = await sources.likenessOutcomes().catch(() => null);
      if (!outcomes) return;
      this.set({ outcome: "passed_first" }, outcomes.passedFirst);
      this.set({ outcome: "passed_second" }, outcomes.passedSecond);
      this.set({ outcome: "unlike" }, outcomes.unlike);
    },
  });

  const safetyChecks = new Counter({
    name: "wonderkin_safety_checks_total",
    help: "Child-safety checks by what was screened and how they ended (a provider's own safety flag counts as withheld)",
    labelNames: ["subject", "outcome"],
    registers: [registry],
  });
  const safetySeconds = new Histogram({
    name: "wonderkin_safety_check_duration_seconds",
    help: "How long the safety classifier took per picture, by what was screened",
    labelNames: ["subject"],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 30],
    registers: [registry],
  });

  return {
    registry,
    observeRequest: (labels, seconds) =>
      requests.observe(
        { method: labels.method, route: labels.route, status: String(labels.status) },
        seconds,
      ),
    observeJob: (queue, outcome, seconds) => {
      jobs.inc({ queue, outcome });
      jobSeconds.observe({ queue, outcome }, seconds);
    },
    observeSafetyCheck: (subject, outcome, seconds) => {
      safetyChecks.inc({ subject, outcome });
      // A provider's flag takes no time of ours: only our own classifications are timed.
      if (seconds > 0) safetySeconds.observe({ subject }, seconds);
    },
  };
}
