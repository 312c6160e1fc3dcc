import type { AddressInfo } from "node:net";
import net from "node:net";
import { readyResponseSchema } from "@wonderkin/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerOverloadGuard } from "../../src/http/overload-guard";
import { createTestApp, type TestApp } from "../create-test-app";

/** Requests held open by the test route until released, to fill the instance on purpose. */
const held: (() => void)[] = [];
/** Requests to /api/test/echo whose headers the server has read (their bodies may still be coming). */
let echoesStarted = 0;
let t: TestApp;

async function addTestRoutes(app: FastifyInstance) {
  app.post("/api/test/slow", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { done: true };
  });
  app.post(
    "/api/test/echo",
    {
      onRequest: async () => {
        echoesStarted += 1;
      },
    },
    async (request) => ({ received: request.body }),
  );
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

/** Polls for something that will happen; the 20 s ceiling only detects a hang. */
async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await condition()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await condition(), what).toBe(true);
}

async function untilHeld(count: number) {
  await until(() => held.length >= count, `${count} requests held`);
  expect(held.length).toBe(count);
}

/** A client that sends a request's headers and the first byte of its JSON body, and then nothing. */
function slowBody(port: number, path = "/api/test/echo") {
  const socket = net.connect(port, "127.0.0.1", () =>
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    ),
  );
  let answer = "";
  const closed = new Promise<string>((resolve) => {
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
  });
  socket.on("error", () => {});
  return { socket, closed };
}

describe("clients sending their bodies slowly", () => {
  it("take no place in flight: twice the limit of them does not stop a normal call", async () => {
    const slow = await createTestApp({ HTTP_MAX_IN_FLIGHT: "2" }, { extend: addTestRoutes });
    const clients: ReturnType<typeof slowBody>[] = [];
    try {
      await slow.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = slow.app.server.address() as AddressInfo;
      echoesStarted = 0;
      for (let client = 0; client < 4; client++) clients.push(slowBody(port));
      // Every one of them has been let in and is waiting for the rest of its body.
      await until(() => echoesStarted === 4, "the four slow requests started");

      const normal = await fetch(`http://127.0.0.1:${port}/api/test/echo`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ hello: "there" }),
      });
      expect(normal.status).toBe(200);
      expect(await normal.json()).toEqual({ received: { hello: "there" } });
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
    } finally {
      for (const client of clients) client.socket.destroy();
      await slow.close();
    }
  });

  it("are bounded per client address: one beyond the cap is refused with 429 and its connection closed", async () => {
    const capped = await createTestApp({ HTTP_MAX_BODIES_PER_CLIENT: "3" }, { extend: addTestRoutes });
    const clients: ReturnType<typeof slowBody>[] = [];
    try {
      await capped.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = capped.app.server.address() as AddressInfo;
      echoesStarted = 0;
      for (let client = 0; client < 3; client++) clients.push(slowBody(port));
      await until(() => echoesStarted === 3, "the three slow requests started");

      const fourth = slowBody(port);
      clients.push(fourth);
      const answer = await fourth.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(answer.toLowerCase()).toContain("connection: close");
      expect(answer).toContain('"code":"RATE_LIMITED"');
      // Another address is not held back by this one's trickle.
      const other = await capped.app.inject({
        method: "POST",
        url: "/api/test/echo",
        payload: { from: "elsewhere" },
        remoteAddress: "203.0.113.9",
      });
      expect(other.statusCode).toBe(200);
    } finally {
      for (const client of clients) client.socket.destroy();
      await capped.close();
    }
  });

  it("are cut with 408 when a whole window passes below the minimum rate", async () => {
    let clock = 1_000_000;
    const app = Fastify();
    const guard = registerOverloadGuard(app, {
      maxInFlight: 10,
      retryAfterSeconds: 1,
      maxBodiesPerClient: 10,
      minBodyBytesPerSecond: 100,
      bodyRateWindowSeconds: 15,
      busyHoldSeconds: 0,
      now: () => clock,
      checkOnTimer: false,
    });
    app.post("/api/test/echo", async (request) => ({ received: request.body }));
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const client = slowBody(port);
      await until(() => guard.bodiesArriving() === 1, "the slow body is arriving");

      // Within the window nothing happens, however little has come.
      clock += 14_000;
      guard.checkBodyRates();
      expect(guard.bodiesArriving()).toBe(1);
      expect(client.socket.destroyed).toBe(false);

      clock += 2_000;
      guard.checkBodyRates();
      expect(guard.bodiesArriving()).toBe(0);
      const answer = await client.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    } finally {
      await app.close();
    }
  });
});

describe("/api/ready while the instance sheds", () => {
  it("answers 503 busy while every place is taken and a while after a shed, then ready again", async () => {
    const fill = [0, 1].map(() => t.app.inject({ method: "GET", url: "/api/test/held" }));
    await untilHeld(2);
    const busy = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(busy.statusCode).toBe(503);
    const body = readyResponseSchema.parse(busy.json());
    expect(body.status).toBe("busy");
    expect(body.checks.capacity).toEqual({ ok: false, detail: "busy: shedding requests" });

    // One request shed, then every place freed: still busy for HTTP_READY_BUSY_SECONDS (10 s), so a
    // load balancer's checks do not flap between two of its probes.
    expect((await t.app.inject({ method: "GET", url: "/api/test/held" })).statusCode).toBe(503);
    for (const release of held.splice(0)) release();
    await Promise.all(fill);
    expect((await t.app.inject({ method: "GET", url: "/api/ready" })).json().status).toBe("busy");

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11_000 });
    try {
      const ready = await t.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(200);
      expect(readyResponseSchema.parse(ready.json()).checks.capacity).toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

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
        // Each round runs until an amount of work is done rather than for a time, so a slow machine
        // storms as hard as a fast one; the amount differs per round so the cut lands differently.
        let answered = 0;
        const sockets = Array.from({ length: 40 }, () => {
          const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
          socket.on("data", (chunk) => {
            for (const _ of chunk.toString().matchAll(/HTTP\/1\.1 /g)) {
              answered += 1;
              socket.write(request);
            }
          });
          socket.on("error", () => {});
          return socket;
        });
        await until(() => answered >= 200 + round * 37, `round ${round} answered`);
        for (const socket of sockets) socket.destroy();
      }
      // The server has seen every connection close (each response's "close" frees its place then),
      // instead of a fixed wait for it.
      const openConnections = () =>
        new Promise<number>((resolve, reject) =>
          storm.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      await until(async () => (await openConnections()) === 0, "every connection closed");

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
