import { afterAll, beforeAll, expect, it } from "vitest";
import { reconcileStudioJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";

const TOKEN = "metrics-token-for-the-test";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { metrics: true, worker: true });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

it("serves Prometheus metrics only to the bearer of METRICS_TOKEN", async () => {
  expect((await scrape()).statusCode).toBe(401);
  expect((await scrape("Bearer not-the-token")).json().code).toBe("UNAUTHENTICATED");
  expect((await scrape(`Bearer ${TOKEN}`)).statusCode).toBe(200);
});

it("reports request latency by route, jobs by queue and outcome, and queue depth", async () => {
  await t.app.inject({ method: "GET", url: "/api/health" });
  await t.queue.boss.send(reconcileStudioJob.name, {});
  t.worker?.nudge(reconcileStudioJob.name);
  let text = "";
  // Polls for the job's end; the 30 s ceiling only detects a hang.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    text = (await scrape(`Bearer ${TOKEN}`)).body;
    if (text.includes('wonderkin_jobs_total{queue="studio.reconcile",outcome="completed"} 1')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(text).toContain('wonderkin_jobs_total{queue="studio.reconcile",outcome="completed"} 1');
  expect(text).toMatch(
    /wonderkin_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
  );
  expect(text).toContain('wonderkin_queue_depth{queue="studio.render-portrait"} 0');
  // Read from the database at scrape time (every instance's portraits): none checked here yet.
  expect(text).toContain('wonderkin_portrait_likeness_last_day{outcome="unlike"} 0');
  expect(text).toContain("nodejs_eventloop_lag_seconds");
});
