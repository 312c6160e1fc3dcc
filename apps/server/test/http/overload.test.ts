import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";

/** Requests held open by the test route until released, to fill the instance on purpose. */
const held: (() => void)[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { HTTP_MAX_IN_FLIGHT: "2", HTTP_BUSY_RETRY_AFTER_SECONDS: "3" },
    {
      extend: async (app) => {
        app.get("/api/test/held", async () => {
          await new Promise<void>((resolve) => held.push(resolve));
          return { done: true };
        });
      },
    },
  );
});
afterAll(() => t.close());

async function untilHeld(count: number) {
  for (let attempt = 0; attempt < 200 && held.length < count; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(held.length).toBe(count);
}

describe("more requests at once than the instance takes", () => {
  it("answers the one beyond the limit at once with 503 SERVER_BUSY and Retry-After, and recovers", async () => {
    const first = t.app.inject({ method: "GET", url: "/api/test/held" });
    const second = t.app.inject({ method: "GET", url: "/api/test/held" });
    await untilHeld(2);

    const third = await t.app.inject({ method: "GET", url: "/api/test/held" });
    expect(third.statusCode).toBe(503);
    expect(third.headers["retry-after"]).toBe("3");
    expect(third.json()).toEqual({
      code: "SERVER_BUSY",
      message: "We're busy right now. Please try again in a moment.",
    });
    // The health checks still answer, so a busy instance is not taken for a dead one.
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

    for (const release of held.splice(0)) release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);

    // Every place is free again, refused requests and failed ones included.
    expect((await t.app.inject({ method: "GET", url: "/api/nope" })).statusCode).toBe(404);
    const again = [0, 1].map(() => t.app.inject({ method: "GET", url: "/api/test/held" }));
    await untilHeld(2);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(again)).map((response) => response.statusCode)).toEqual([200, 200]);
  });
});
