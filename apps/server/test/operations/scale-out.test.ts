import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AddressInfo, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CONSENT_AGREEMENT_VERSION, FAMILY_HEADER } from "@wonderkin/contract";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { samePersonPictures } from "../support/face-pictures";
import { type FakeS3, startFakeS3 } from "../support/fake-s3";
import { databaseUrlWithName, dropDatabaseOnceIdle } from "../support/scratch-database";

/**
 * Scale-out, as deployed: two API processes and one worker — real OS processes started at the same
 * instant on an empty PostgreSQL database, sharing a (fake) S3 bucket and an SMTP server. A parent
 * goes through the whole product with every request sent to the other API instance than the one
 * before; then the worker is stopped with SIGTERM in the middle of a render, and a newly started
 * worker delivers the portraits it handed back, with no credit lost or refunded.
 */
const serverUrl = process.env.DATABASE_URL;
const databaseName = `wk_scale_${randomBytes(4).toString("hex")}`;
const mainFile = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
/** Data directories and the stand-in web app; made by the test, so a skipped run leaves nothing. */
let tempRoot: string | null = null;

// ---------------------------------------------------------------------------------------------
// Server processes
// ---------------------------------------------------------------------------------------------

type Exit = { code: number | null; signal: NodeJS.Signals | null };

type ServerProcess = {
  name: string;
  child: ChildProcess;
  /** Every line it printed (stdout and stderr), in order. */
  lines: string[];
  /** The `msg` of each JSON log line. */
  messages: string[];
  /** Each JSON log line, parsed. */
  records: { msg: string; [key: string]: unknown }[];
  exit: Exit | null;
  exited: Promise<Exit>;
};

const processes: ServerProcess[] = [];

function startProcess(name: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", tsxLoader, mainFile], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started: ServerProcess = {
    name,
    child,
    lines: [],
    messages: [],
    records: [],
    exit: null,
    exited: new Promise<Exit>((resolve) => {
      child.once("exit", (code, signal) => {
        started.exit = { code, signal };
        resolve(started.exit);
      });
    }),
  };
  for (const [stream, label] of [
    [child.stdout, ""],
    [child.stderr, "[stderr] "],
  ] as const) {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        if (!line.trim()) continue;
        started.lines.push(label + line);
        try {
          const parsed = JSON.parse(line) as { msg?: unknown };
          if (typeof parsed.msg === "string") {
            started.messages.push(parsed.msg);
            started.records.push(parsed as { msg: string });
          }
        } catch {
          // Not a log line (a stack trace on stderr): kept in `lines` only.
        }
      }
    });
  }
  processes.push(started);
  return started;
}

function recentLogs(): string {
  return processes
    .map(
      (item) =>
        `--- ${item.name} (pid ${item.child.pid}, ${item.exit ? `exited ${JSON.stringify(item.exit)}` : "running"}), last lines:\n${item.lines.slice(-50).join("\n")}`,
    )
    .join("\n");
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined), failing with `what` after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
  everyMs = 100,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function waitUntilReady(server: ServerProcess, origin: string): Promise<void> {
  await waitFor(`${server.name} to be ready`, 90_000, async () => {
    if (server.exit) throw new Error(`${server.name} exited during start-up: ${JSON.stringify(server.exit)}`);
    const response = await fetch(`${origin}/api/ready`).catch(() => null);
    return response?.status === 200 ? true : undefined;
  });
}

async function waitForMessage(server: ServerProcess, message: string, timeoutMs = 90_000): Promise<void> {
  await waitFor(`"${message}" from ${server.name}`, timeoutMs, async () => {
    if (server.messages.some((line) => line.includes(message))) return true;
    if (server.exit) throw new Error(`${server.name} exited: ${JSON.stringify(server.exit)}`);
    return undefined;
  });
}

async function stopProcess(server: ServerProcess): Promise<void> {
  if (server.exit) return;
  server.child.kill("SIGTERM");
  const stopped = await Promise.race([server.exited, sleep(10_000).then(() => null)]);
  if (!stopped) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

// ---------------------------------------------------------------------------------------------
// SMTP sink
// ---------------------------------------------------------------------------------------------

const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer | null = null;

async function startSmtpSink(): Promise<number> {
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  smtp = server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.server.address() as AddressInfo).port;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The plain-text part of a MIME message, decoded. */
function plainTextOf(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/^content-type:\s*text\/plain/im.test(headers)) continue;
    const body = part.slice(split).trim();
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    return body;
  }
  throw new Error(`No text/plain part in the message:\n${raw.slice(0, 2000)}`);
}

// ---------------------------------------------------------------------------------------------
// Clean-up
// ---------------------------------------------------------------------------------------------

let s3: FakeS3 | null = null;
let admin: pg.Client | null = null;
let database: pg.Client | null = null;

afterAll(async () => {
  await Promise.all(processes.map(stopProcess));
  await database?.end().catch(() => {});
  if (smtp) {
    const server = smtp;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await s3?.close();
  if (admin) {
    await dropDatabaseOnceIdle(admin, databaseName);
    await admin.end();
  }
  if (tempRoot) rmSync(tempRoot, { recursive: true, force: true });
}, 60_000);

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

type Reply = { status: number; body: string; json: <T = unknown>() => T; headers: Headers; origin: string };

describe.skipIf(!serverUrl)("scaling out: two APIs and a worker as separate processes", () => {
  it("serves the whole flow through alternating APIs and survives a worker stopped mid-render", async () => {
    try {
      await scaleOutFlow();
    } catch (error) {
      if (error instanceof Error) error.message += `\n\nServer logs:\n${recentLogs()}`;
      throw error;
    }
    // A hang detector, not a speed limit: three processes start, train, render and restart a worker.
  }, 180_000);
});

async function scaleOutFlow(): Promise<void> {
  const timings: Record<string, number> = {};
  let lap = Date.now();
  const mark = (step: string) => {
    timings[step] = Date.now() - lap;
    lap = Date.now();
  };

  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const databaseUrl = databaseUrlWithName(serverUrl ?? "", databaseName);
  const [fakeS3, smtpPort, apiPort1, apiPort2, photos] = await Promise.all([
    startFakeS3(),
    startSmtpSink(),
    freePort(),
    freePort(),
    // One child's photos: with FACE_DETECTION on, every photo must show the same person.
    samePersonPictures(10),
  ]);
  s3 = fakeS3;
  const root = mkdtempSync(path.join(os.tmpdir(), "wonderkin-scale-out-"));
  tempRoot = root;
  const webDist = path.join(root, "web");
  mkdirSync(webDist);
  // A stand-in for the built web app, so the e-mailed link opens a page as it would in production.
  writeFileSync(
    path.join(webDist, "index.html"),
    "<!doctype html><html><head><title>Wonderkin</title></head><body></body></html>",
  );
  const common: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${apiPort1}`,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    LOG_LEVEL: "info",
    WEB_DIST_DIR: webDist,
    STORAGE_PROVIDER: "s3",
    S3_BUCKET: fakeS3.bucket,
    S3_ENDPOINT: fakeS3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test-secret",
    S3_REGION: "us-east-1",
    MAIL_PROVIDER: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Wonderkin <hello@wonderkin.test>",
    LOCAL_TRAINING_SECONDS: "0",
    WORKER_THREADS: "1",
    QUEUE_POLL_INTERVAL_SECONDS: "0.5",
    FACE_DETECTION: "on",
    // Every request comes from 127.0.0.1.
    SIGN_IN_IP_LIMIT: "1000",
    EMAIL_LINK_IP_LIMIT: "1000",
    EMAIL_SEND_CLIENT_LIMIT: "1000",
  };
  const dataDir = (name: string) => mkdtempSync(path.join(root, `${name}-`));
  const apiEnv = (port: number, name: string) => ({
    ...common,
    ROLE: "api",
    PORT: String(port),
    DATA_DIR: dataDir(name),
  });
  // No grace: a SIGTERM during a render hands the job back rather than finishing it.
  const workerEnv = { ...common, ROLE: "worker", SHUTDOWN_GRACE_SECONDS: "0", DATA_DIR: dataDir("worker") };
  mark("setup");

  // All three in the same tick, as an orchestrator starts a deployment on an empty database.
  const [api1, api2, worker] = [
    startProcess("api-1", apiEnv(apiPort1, "api-1")),
    startProcess("api-2", apiEnv(apiPort2, "api-2")),
    startProcess("worker-1", workerEnv),
  ] as [ServerProcess, ServerProcess, ServerProcess];
  const origins = [`http://127.0.0.1:${apiPort1}`, `http://127.0.0.1:${apiPort2}`] as const;
  await Promise.all([
    waitUntilReady(api1, origins[0]),
    waitUntilReady(api2, origins[1]),
    waitForMessage(worker, "worker started"),
  ]);
  mark("start");

  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();

  // Every call goes to the other API instance than the call before.
  let calls = 0;
  const originCounts = [0, 0];
  let token: string | null = null;
  let familyId: string | null = null;
  async function send(
    url: string,
    init: { method?: string; json?: unknown; form?: FormData; via?: 0 | 1 } = {},
  ): Promise<Reply> {
    const index = init.via ?? ((calls++ % 2) as 0 | 1);
    originCounts[index] = (originCounts[index] ?? 0) + 1;
    const origin = origins[index];
    const method = init.method ?? (init.json !== undefined || init.form ? "POST" : "GET");
    // As the web app's own pages do (behind a load balancer both instances are PUBLIC_URL): Better
    // Auth refuses a POST without an Origin in production.
    const headers: Record<string, string> = method === "GET" ? {} : { origin: common.PUBLIC_URL ?? "" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (familyId) headers[FAMILY_HEADER] = familyId;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${origin}${url}`, {
      method,
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    const body = await response.text();
    return {
      status: response.status,
      body,
      json: <T>() => JSON.parse(body) as T,
      headers: response.headers,
      origin,
    };
  }
  const post = (url: string, json: unknown = {}) => send(url, { json });
  const expectOk = (reply: Reply) =>
    expect(reply.status, `${reply.origin}: ${reply.body.slice(0, 1000)}`).toBe(200);

  // Sign up; the verification mail goes through SMTP.
  const email = `scale-${randomBytes(4).toString("hex")}@example.com`;
  const password = "correct horse battery";
  const signedUp = await post("/api/auth/create-user", { firstName: "Ada", email, password });
  expectOk(signedUp);
  const mail = await waitFor("the verification e-mail", 15_000, async () =>
    mails.find((message) => message.to.includes(email)),
  );
  const text = plainTextOf(mail.raw);
  const link = new URL(
    /https?:\/\/\S+\/verify-email\?token=\S+/.exec(text)?.[0] ?? `missing link in:\n${text}`,
  );
  expect(link.origin).toBe(common.PUBLIC_URL);
  const token0 = link.searchParams.get("token");
  expect(token0).toBeTruthy();
  // The link is opened on the other instance than the one that sent it: the page, then its call.
  const other = signedUp.origin === origins[0] ? 1 : 0;
  const page = await send(`${link.pathname}${link.search}`, { via: other });
  expectOk(page);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  expectOk(await send("/api/auth/verify-email", { json: { token: token0 }, via: other }));
  mark("signUpAndVerify");

  const signedIn = await post("/api/auth/sign-in/email", { email, password });
  expectOk(signedIn);
  token = signedIn.headers.get("set-auth-token");
  expect(token).toBeTruthy();
  const families = await post("/api/organization/list");
  expectOk(families);
  familyId = families.json<{ families: { id: string }[] }>().families[0]?.id ?? null;
  expect(familyId).toBeTruthy();

  // Oracle monthly: 200 credits, every style.
  const checkout = await post("/api/subscription/create-checkout-session", { planId: 3 });
  expectOk(checkout);
  const paid = await post("/api/subscription/create", {
    sessionId: checkout.json<{ sessionId: string }>().sessionId,
  });
  expectOk(paid);
  expectOk(
    await post("/api/user/accept-terms", {
      version: CONSENT_AGREEMENT_VERSION,
      confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
    }),
  );
  const added = await post("/api/children/add", { firstName: "Luna", age: 6, gender: "girl" });
  expectOk(added);
  const childId = added.json<{ id: number }>().id;
  mark("planConsentChild");

  const form = new FormData();
  form.append("childId", String(childId));
  for (const [index, bytes] of photos.entries()) {
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${index}.jpg`);
  }
  const uploaded = await send("/api/image/upload", { form });
  expectOk(uploaded);
  const results = uploaded.json<{ results: { fileName: string; status: string; code?: string }[] }>().results;
  expect(results.filter((result) => result.status !== "accepted")).toEqual([]);
  expect(uploaded.json<{ photoCount: number }>().photoCount).toBe(10);
  mark("upload");

  // The test faces are adults': answer "is it Luna?" for each photo that asks (decision 0058).
  const asking = await post("/api/image/getUploadedImages", { childId });
  expectOk(asking);
  for (const photo of asking.json<{ photos: { id: string; looksAdult: boolean }[] }>().photos) {
    if (photo.looksAdult) expectOk(await post("/api/image/keep", { childId, photoId: photo.id }));
  }
  expectOk(await post("/api/children/training/start", { childId }));
  await waitFor("training to complete", 60_000, async () => {
    const state = await post("/api/generation/training/status", { childId });
    expectOk(state);
    const { status, failureReason } = state.json<{ status: string | null; failureReason: string | null }>();
    if (status === "failed") throw new Error(`Training failed: ${failureReason}`);
    return status === "completed" ? true : undefined;
  });
  mark("training");

  const creditsAtStart = await post("/api/user/credits");
  expectOk(creditsAtStart);
  const startBalance = creditsAtStart.json<{ totalCredits: number }>().totalCredits;
  expect(startBalance).toBeGreaterThanOrEqual(8);

  type Portrait = { id: string; kind: string; status: string; url: string | null; error: string | null };
  const generate = async () => {
    const reply = await post("/api/generation/generate", { childId, styleId: "viking", count: 4 });
    expectOk(reply);
    const images = reply.json<{ images: Portrait[] }>().images;
    expect(images).toHaveLength(4);
    return images.map((image) => image.id);
  };
  const allSucceeded = (imageIds: string[], timeoutMs: number) =>
    waitFor(
      "every portrait to succeed",
      timeoutMs,
      async () => {
        const reply = await post("/api/generation/prediction/status", { imageIds });
        expectOk(reply);
        const images = reply.json<{ images: Portrait[] }>().images;
        const failed = images.find((image) => image.status === "failed");
        if (failed) throw new Error(`Portrait ${failed.id} failed: ${failed.error}`);
        return images.length === imageIds.length && images.every((image) => image.status === "succeeded")
          ? images
          : undefined;
      },
      200,
    );
  const portraitKeysOf = (imageId: string) =>
    [...fakeS3.objects.keys()].filter((key) => key.includes(`/portraits/${imageId}`));

  // Four portraits, rendered by the worker, stored in S3.
  const firstBatch = await generate();
  const rendered = await allSucceeded(firstBatch, 30_000);
  for (const imageId of firstBatch) expect(portraitKeysOf(imageId)).toHaveLength(2);
  // The portrait's one address is the API's (decision 0065): either instance answers it, with a
  // redirect to the bucket that fetch follows.
  const download = await fetch(new URL(rendered[0]?.url ?? "", origins[1]));
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  mark("firstPortraits");

  // Deleting one takes its files with it.
  const [deletedId = ""] = firstBatch;
  const deleted = await post("/api/children/delete-generated-image", { imageId: deletedId });
  expectOk(deleted);
  expect(deleted.json()).toEqual({ deleted: true });
  expect(portraitKeysOf(deletedId)).toEqual([]);
  const gallery = await post("/api/children/generated-images", { childId });
  expectOk(gallery);
  const listed = gallery.json<{ images: Portrait[] }>().images;
  expect(
    listed
      .filter((image) => image.kind === "portrait")
      .map((image) => image.id)
      .sort(),
  ).toEqual(firstBatch.slice(1).sort());
  // The child's free previews (made by the worker as soon as the photos were in) are listed too.
  expect(listed.filter((image) => image.kind === "preview").length).toBeGreaterThan(0);
  mark("delete");

  // Four more; SIGTERM the worker as soon as it holds a render job.
  const secondBatch = await generate();
  await waitFor(
    "the worker to take a render job",
    20_000,
    async () => {
      const { rows } = await (database as pg.Client).query<{ active: number }>(
        "select count(*)::int as active from pgboss.job where name = 'studio.render-portrait' and state = 'active' and data->>'imageId' = any($1)",
        [secondBatch],
      );
      return (rows[0]?.active ?? 0) > 0 ? true : undefined;
    },
    10,
  );
  worker.child.kill("SIGTERM");
  const workerExit = await Promise.race([worker.exited, sleep(30_000).then(() => null)]);
  expect(workerExit, "the worker should exit after SIGTERM").toEqual({ code: 0, signal: null });
  expect(worker.messages).toContain("shutting down");
  const handedBack = worker.records
    .filter((record) => record.msg === "stopping: handing unfinished jobs back for retry")
    .flatMap((record) => record.jobIds as string[]);
  expect(handedBack.length).toBeGreaterThan(0);
  expect(worker.messages).toContain("worker stopped");
  expect(worker.messages).toContain("stopped");
  mark("sigterm");

  const restarted = startProcess("worker-2", workerEnv);
  await waitForMessage(restarted, "worker started");
  mark("restart");
  await allSucceeded(secondBatch, 40_000);
  for (const imageId of secondBatch) expect(portraitKeysOf(imageId)).toHaveLength(2);
  mark("handedBackPortraits");

  // The jobs handed back were retried (the same jobs, not new ones) and completed. A portrait whose
  // first render did not look like the child is rendered again once by a job of its own
  // (`render-again-<id>`, decision 0028): that one is not a hand-back, so it is not counted here.
  const { rows: renderJobs } = await database.query<{ id: string; state: string; retry_count: number }>(
    `select id, state, retry_count from pgboss.job where name = 'studio.render-portrait'
       and data->>'imageId' = any($1) and coalesce(singleton_key, '') not like 'render-again-%'`,
    [secondBatch],
  );
  expect(renderJobs).toHaveLength(4);
  expect(renderJobs.map((job) => job.state)).toEqual(["completed", "completed", "completed", "completed"]);
  for (const jobId of handedBack) {
    expect(renderJobs.find((job) => job.id === jobId)?.retry_count).toBeGreaterThan(0);
  }

  // Exactly eight credits spent, none given back.
  const creditsAtEnd = await post("/api/user/credits");
  expectOk(creditsAtEnd);
  expect(creditsAtEnd.json<{ totalCredits: number }>().totalCredits).toBe(startBalance - 8);
  const { rows: ledger } = await database.query<{ kind: string; delta: number }>(
    `select kind, delta from credit_ledger where user_id = (select id from "user" where email = $1)`,
    [email],
  );
  expect(ledger.filter((entry) => entry.kind === "refund")).toEqual([]);
  expect(ledger.filter((entry) => entry.kind === "spend").reduce((sum, entry) => sum + entry.delta, 0)).toBe(
    -8,
  );

  // Nothing went wrong unnoticed in any process (a failed job attempt is a warning, not an error).
  const errors = processes.flatMap((server) =>
    server.records
      .filter((record) => typeof record.level === "number" && record.level >= 50)
      .map((record) => `${server.name}: ${JSON.stringify(record)}`),
  );
  expect(errors).toEqual([]);
  expect(originCounts[0]).toBeGreaterThan(5);
  expect(originCounts[1]).toBeGreaterThan(5);
  console.log(`scale-out timings (ms): ${JSON.stringify(timings)}`);
}
