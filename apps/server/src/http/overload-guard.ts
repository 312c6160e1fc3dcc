import type { Socket } from "node:net";
import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Liveness and readiness must answer while the instance is busy, or a busy instance looks dead. */
const EXEMPT = new Set(["/api/health", "/api/ready"]);

const counted = Symbol("counted by the overload guard");
const arriving = Symbol("body still arriving");
type Arrival = { client: string; socket: Socket; mark: number; markedAt: number };
type GuardedRequest = FastifyRequest & { [counted]?: boolean; [arriving]?: Arrival | null };

export type OverloadGuardOptions = {
  maxInFlight: number;
  retryAfterSeconds: number;
  /** API requests of one client address whose body is still arriving; beyond it, 429. */
  maxBodiesPerClient: number;
  /** A body slower than this over a whole window is cut with 408; 0 turns the rule off. */
  minBodyBytesPerSecond: number;
  /** The window the body rate is measured over. */
  bodyRateWindowSeconds: number;
  /** `/api/ready` stays busy this long after the last shed request, so it does not flap. */
  busyHoldSeconds: number;
  /** Milliseconds; tests move time by hand. */
  now?: () => number;
  /** Run the body-rate check on a timer (default); tests call `checkBodyRates()` themselves. */
  checkOnTimer?: boolean;
};

export type OverloadGuard = {
  inFlight(): number;
  /** API requests whose body is still arriving (not counted in flight). */
  bodiesArriving(): number;
  /** At the limit, or shed a request within `busyHoldSeconds`: what `/api/ready` reports. */
  isShedding(): boolean;
  /** Cuts the bodies that arrived slower than the minimum rate over a whole window. */
  checkBodyRates(): void;
};

function guardedPath(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "";
  return path.startsWith("/api/") && !EXEMPT.has(path);
}

function expectsBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Bounds the API requests one instance works on at once (decisions 0026 and 0040).
 *
 * A request takes its place in flight only once its body has arrived (preValidation), so clients
 * that send their bodies slowly — on purpose or on a bad line — never fill the instance: beyond
 * `maxInFlight`, a request whose body is here is answered at once with 503 SERVER_BUSY and
 * `Retry-After`, instead of joining a queue for database connections where everyone's wait grows.
 * Photo uploads are the exception the framework makes: @fastify/multipart streams their files inside
 * the handler, so an upload holds its place while its files arrive; the body-rate rule below is what
 * frees a stalled one.
 *
 * Bodies still arriving are bounded apart: `maxBodiesPerClient` per client address (429 beyond it),
 * and a minimum rate over each window (`minBodyBytesPerSecond`, 408 and the connection closed below
 * it). A rate rather than a short total timeout, so a phone sending thirty photos on a slow line
 * still gets through; time in which the server itself is not reading (an upload's handler busy with
 * the previous photo) is never counted against the client. Static files and the health checks are
 * not counted.
 */
export function registerOverloadGuard(app: FastifyInstance, options: OverloadGuardOptions): OverloadGuard {
  const now = options.now ?? (() => Date.now());
  let inFlight = 0;
  let lastShedAt = Number.NEGATIVE_INFINITY;
  const arrivals = new Map<GuardedRequest, Arrival>();
  const perClient = new Map<string, number>();

  const releasePlace = (request: GuardedRequest) => {
    if (!request[counted]) return;
    request[counted] = false;
    inFlight -= 1;
  };
  const bodyDone = (request: GuardedRequest) => {
    const arrival = request[arriving];
    if (!arrival) return;
    request[arriving] = null;
    arrivals.delete(request);
    const left = (perClient.get(arrival.client) ?? 1) - 1;
    if (left > 0) perClient.set(arrival.client, left);
    else perClient.delete(arrival.client);
  };
  const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).header("retry-after", String(options.retryAfterSeconds)).send({ code, message });

  app.addHook("onRequest", async (request: GuardedRequest, reply) => {
    if (!guardedPath(request) || !expectsBody(request)) return;
    // An in-process request (inject) has its whole body from the start: nothing is still arriving.
    if (typeof request.raw.socket?.bytesRead !== "number") return;
    const client = request.ip;
    if ((perClient.get(client) ?? 0) >= options.maxBodiesPerClient) {
      // The body is never read: close the connection rather than wait for it to trickle in.
      reply.header("connection", "close");
      return refuse(
        reply,
        429,
        commonErrorCodes.rateLimited,
        "Too many requests from your address are still arriving. Please try again in a moment.",
      );
    }
    const socket = request.raw.socket;
    const arrival = { client, socket, mark: socket.bytesRead, markedAt: now() };
    request[arriving] = arrival;
    arrivals.set(request, arrival);
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    request.raw.once("end", () => bodyDone(request));
    // "close" comes for every response, sent or not: a client that hangs up mid-body leaves no trace.
    reply.raw.once("close", () => bodyDone(request));
  });

  app.addHook("preValidation", async (request: GuardedRequest, reply) => {
    if (!guardedPath(request)) return;
    // JSON and raw bodies have been read by now; a multipart body streams in the handler. (An
    // injected request has no `complete`: its body was all there from the start.)
    if (request.raw.complete !== false) bodyDone(request);
    if (inFlight >= options.maxInFlight) {
      lastShedAt = now();
      return refuse(
        reply,
        503,
        commonErrorCodes.serverBusy,
        "We're busy right now. Please try again in a moment.",
      );
    }
    inFlight += 1;
    request[counted] = true;
    // The response's "close" comes for every request, sent or not. A client that hangs up once its
    // body has been read gets neither onResponse nor onRequestAbort, and its place would be lost
    // for good (a few load tests later, the instance refused everything). releasePlace() runs once.
    reply.raw.once("close", () => releasePlace(request));
  });

  // Answered before its body was read (refused, unknown, not signed in): Node would keep reading
  // the rest of it to reuse the connection, at whatever pace the client likes. Close it instead.
  app.addHook("onSend", async (request: GuardedRequest, reply) => {
    if (request[arriving] && request.raw.complete === false) reply.header("connection", "close");
  });
  // In-process requests (inject) have no socket to close.
  app.addHook("onResponse", async (request: GuardedRequest) => {
    bodyDone(request);
    releasePlace(request);
  });

  const windowMs = options.bodyRateWindowSeconds * 1000;
  const checkBodyRates = () => {
    if (options.minBodyBytesPerSecond <= 0) return;
    const at = now();
    for (const [request, arrival] of arrivals) {
      const raw = request.raw;
      if (raw.complete) {
        bodyDone(request);
        continue;
      }
      // Bytes wait in our buffer, or nobody reads yet: the server is the slow one, not the client.
      if (raw.readableLength > 0 || raw.readableFlowing !== true) {
        arrival.mark = arrival.socket.bytesRead;
        arrival.markedAt = at;
        continue;
      }
      if (at - arrival.markedAt < windowMs) continue;
      const received = arrival.socket.bytesRead - arrival.mark;
      if (received >= (options.minBodyBytesPerSecond * (at - arrival.markedAt)) / 1000) {
        arrival.mark = arrival.socket.bytesRead;
        arrival.markedAt = at;
        continue;
      }
      bodyDone(request);
      request.log.info({ received, seconds: (at - arrival.markedAt) / 1000 }, "request body too slow: cut");
      cutSlowBody(arrival.socket);
    }
  };
  if (options.checkOnTimer !== false && options.minBodyBytesPerSecond > 0) {
    const timer = setInterval(checkBodyRates, Math.max(250, windowMs / 3));
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }

  return {
    inFlight: () => inFlight,
    bodiesArriving: () => arrivals.size,
    isShedding: () => inFlight >= options.maxInFlight || now() - lastShedAt < options.busyHoldSeconds * 1000,
    checkBodyRates,
  };
}

/** Nothing has been answered yet (the body is still arriving): say why, then drop the connection. */
function cutSlowBody(socket: Socket) {
  if (socket.destroyed) return;
  const body = JSON.stringify({
    code: commonErrorCodes.requestTimeout,
    message: "The request took too long to arrive.",
  });
  socket.end(
    `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
}
