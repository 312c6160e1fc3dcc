import type { AddressInfo } from "node:net";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";

/** Requests held open by the test route until released, to fill the instance on purpose. */
const held: (() => void)[] = [];
let t: TestApp;

async function addTestRoutes(app: FastifyInstance) {
  app.post("/api/test/slow", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { done: true };
  });
  app.get("/api/test/held", async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    return { done: true };
  });
}

beforeAll(async () => {
  t = await createTestApp(
    { HTTP_MAX_IN_FLIGHT: "2", HTTP_BUSY_RETRY_AFTER_SECONDS: "3" },
    { extend: addTestRoutes },
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

  it("frees the places of clients that hang up mid-request", async () => {
    // Many connections, each sending request after request on its keep-alive socket, all cut at
    // once (a load generator ends this way; phones losing signal do it one at a time). Some are cut
    // while their handler runs, some just after it, when only the socket's close tells.
    const storm = await createTestApp({ HTTP_MAX_IN_FLIGHT: "40" }, { extend: addTestRoutes });
    try {
      await storm.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = storm.app.server.address() as AddressInfo;
      // With a body: once it has been read, Node no longer reports the request as aborted.
      const body = JSON.stringify({ childId: 1 });
      const request = `POST /api/test/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      for (let round = 0; round < 3; round++) {
        const sockets = Array.from({ length: 40 }, () => {
          const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
          socket.on("data", (chunk) => {
            for (const _ of chunk.toString().matchAll(/HTTP\/1\.1 /g)) socket.write(request);
          });
          socket.on("error", () => {});
          return socket;
        });
        await new Promise((resolve) => setTimeout(resolve, 400 + round * 37));
        for (const socket of sockets) socket.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));

      // Every place is free again: 40 requests at once are all taken.
      const again = Array.from({ length: 40 }, () =>
        storm.app.inject({ method: "GET", url: "/api/test/held" }),
      );
      await untilHeld(40);
      for (const release of held.splice(0)) release();
      const statuses = (await Promise.all(again)).map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await storm.close();
    }
  });
});
