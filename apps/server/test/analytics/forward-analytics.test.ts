import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { forwardAnalytics } from "../../src/modules/analytics/forward-analytics";
import { createPosthogForwarder } from "../../src/providers/analytics/posthog-forwarder";
import { createTestApp, type TestApp } from "../create-test-app";
import { verifiedParent } from "../support/families";

/** A local stand-in for PostHog's capture API: it keeps every batch it is sent. */
let capture: Server;
let captureUrl: string;
const batches: {
  api_key: string;
  batch: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
}[] = [];
let failNext = false;
let t: TestApp;

beforeAll(async () => {
  capture = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url !== "/batch/" || failNext) {
      failNext = false;
      response.writeHead(503).end();
      return;
    }
    batches.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    response.writeHead(200, { "content-type": "application/json" }).end('{"status":1}');
  });
  await new Promise<void>((resolve) => capture.listen(0, "127.0.0.1", resolve));
  captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => capture.close(resolve));
});

it("forwards events, identify calls and profiles once each, and retries after a failure", async () => {
  const forwarder = createPosthogForwarder({ host: captureUrl, apiKey: "phc_test" });
  const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
  await t.app.inject({
    method: "POST",
    url: "/api/analytics/identify",
    payload: { attribution: { utm_source: "newsletter", fbc: "fb.1.1.abc" } },
    headers: { authorization: `Bearer ${ada.token}` },
  });
  await t.app.inject({
    method: "POST",
    url: "/api/user/analytics",
    payload: { data: { first_name: "Ada", os: "Android" } },
    headers: { authorization: `Bearer ${ada.token}` },
  });

  failNext = true;
  await expect(forwardAnalytics(t.database.db, forwarder)).rejects.toThrow(/503/);
  expect(batches).toHaveLength(0);

  const sent = await forwardAnalytics(t.database.db, forwarder);
  expect(sent).toBeGreaterThanOrEqual(4);
  const mine = batches.flatMap((batch) => batch.batch).filter((event) => event.distinct_id === ada.userId);
  expect(batches[0]?.api_key).toBe("phc_test");
  expect(mine.map((event) => event.event).sort()).toEqual(["$identify", "$set", "email_verified", "signup"]);
  expect(mine.find((event) => event.event === "$identify")?.properties).toMatchObject({
    $set: { utm_source: "newsletter", fbc: "fb.1.1.abc" },
  });
  expect(await forwardAnalytics(t.database.db, forwarder)).toBe(0);
});
