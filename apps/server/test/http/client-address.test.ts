import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../src/config/env";
import { fastifyTrustProxy } from "../../src/http/client-address";
import { createTestApp, type TestApp } from "../create-test-app";
import { PASSWORD, post, signUp } from "../support/identity";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function addIpRoute(app: FastifyInstance) {
  app.get("/api/test/ip", async (request) => ({ ip: request.ip }));
}

function ipOf(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  return app
    .inject({
      method: "GET",
      url: "/api/test/ip",
      remoteAddress,
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    })
    .then((response) => response.json().ip as string);
}

describe("TRUST_PROXY", () => {
  it("reads false, a hop count (true is 1 hop) or a list of proxy addresses and ranges", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1,::1,loopback" }).TRUST_PROXY).toEqual({
      addresses: ["10.0.0.0/8", "192.168.1.1", "::1", "loopback"],
    });
    for (const wrong of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/2", "99"]) {
      expect(() => loadEnv({ TRUST_PROXY: wrong }), wrong).toThrow(EnvError);
    }
  });

  it("with a hop count, the client is the address the proxy appended, not the one the client wrote", async () => {
    t = await createTestApp({ TRUST_PROXY: "1" }, { extend: addIpRoute });
    expect(await ipOf(t.app, "10.0.0.5", "127.0.0.1, 203.0.113.66")).toBe("203.0.113.66");
    expect(await ipOf(t.app, "10.0.0.5", "203.0.113.66")).toBe("203.0.113.66");
    expect(await ipOf(t.app, "10.0.0.5")).toBe("10.0.0.5");
  });

  it("reads true as one hop and counts more hops from the right", async () => {
    // The same mapping to Fastify as app.ts, on a bare instance (no database needed).
    const bare = async (value: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY) });
      await addIpRoute(app);
      return app;
    };
    const oneHop = await bare("true");
    expect(await ipOf(oneHop, "10.0.0.5", "1.2.3.4, 203.0.113.66")).toBe("203.0.113.66");
    const twoHops = await bare("2");
    expect(await ipOf(twoHops, "10.0.0.5", "1.2.3.4, 203.0.113.66, 10.0.0.9")).toBe("203.0.113.66");
    const none = await bare("false");
    expect(await ipOf(none, "10.0.0.5", "1.2.3.4")).toBe("10.0.0.5");
  });

  it("with a list, the client is the rightmost address that is not one of the proxies", async () => {
    t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8,192.168.1.1" }, { extend: addIpRoute });
    expect(await ipOf(t.app, "10.0.0.5", "127.0.0.1, 203.0.113.66, 192.168.1.1")).toBe("203.0.113.66");
    // A client that reaches the server past the proxies is believed about nothing.
    expect(await ipOf(t.app, "198.51.100.7", "127.0.0.1")).toBe("198.51.100.7");
  });

  it("throttles a client that forges a new X-Forwarded-For with every wrong password", async () => {
    t = await createTestApp({
      TRUST_PROXY: "1",
      SIGN_IN_MAX_FAILURES: "5",
      SIGN_IN_ACCOUNT_MAX_FAILURES: "50",
    });
    const app = t.app;
    const { email } = await signUp(app);
    const attempt = (index: number, password: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email, password },
        remoteAddress: "10.0.0.5",
        // The client writes any address it likes; the load balancer appends the one it saw.
        headers: { "x-forwarded-for": `198.18.${index}.${index + 1}, 203.0.113.66` },
      });
    for (let index = 0; index < 5; index++) {
      expect((await attempt(index, `wrong-${index}-password`)).statusCode).toBe(401);
    }
    const throttled = await attempt(5, "wrong-5-password");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe("TOO_MANY_ATTEMPTS");
    // The owner elsewhere still signs in.
    expect((await post(app, "/api/auth/sign-in/email", { email, password: PASSWORD })).statusCode).toBe(200);
  });
});
