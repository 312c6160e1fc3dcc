import { setTimeout as sleep } from "node:timers/promises";
import {
  type Endpoint,
  type EndpointRequest,
  GALLERY_PAGE_SIZE,
  generatedImagesEndpoint,
  getChildrenEndpoint,
} from "@wonderkin/contract";
import { type BenchDatabase, benchDatabases } from "../harness/bench-databases";
import type { Benchmark, BenchSettings, ComparedPair, SubjectResult } from "../harness/benchmark";
import type { HttpMeasurement } from "../harness/http-load";
import { measureHttp } from "../harness/measure-http";
import { type StatementCounter, startStatementCounter } from "../harness/postgres-statement-counter";
import { log } from "../harness/progress-log";
import { readCount } from "../harness/read-settings";
import { statementsPerRequest } from "../harness/statements-per-request";
import {
  COMPILED_SERVER,
  compiledServerBuilt,
  startCompiledApiProcess,
} from "../subjects/compiled-api-process";
import { type FullAppProcess, type MeasuredProcess, startFullAppProcess } from "../subjects/full-app-process";
import { GALLERY_PHOTOS, parentWithGallery } from "../subjects/gallery-parent";
import { createPostgresDatabase } from "../subjects/postgres-database";
import { BARE_GALLERY_PATH, BARE_LIST_PATH, startBareTokenSelect } from "../subjects/start-bare-token-select";
import { callEndpoint, type StudioParent } from "../subjects/studio-parent";

/**
 * The gallery as the web app asks for it (issue 32): a child with this many finished portraits,
 * one page of them in one answer.
 */
const GALLERY_PORTRAITS = GALLERY_PAGE_SIZE;
/** Requests counted one after the other for the statements per request (after a few unmeasured). */
const COUNTED_REQUESTS = 20;
const MIB = 1024 * 1024;

/**
 * Requests autocannon leaves in flight when it stops are still answered by the server: they finish
 * before the next load (or the close) instead of slowing it, or meeting a closed pool.
 */
const SETTLE_MS = 2000;

/** The product as one process with its worker (it renders the gallery), training at once. */
const productEnv = {
  ROLE: "all",
  FACE_DETECTION: "off",
  PHOTOS_MIN_PER_CHILD: String(GALLERY_PHOTOS),
  LOCAL_TRAINING_SECONDS: "0",
  // The gallery is a page of portraits: without the free previews (issue 18) the child would have
  // 4 more generated images, and the page asked for would not be all of its portraits.
  PREVIEW_PORTRAITS: "0",
};

type Database = BenchDatabase;

/** The load of every subject: the shared duration and warm-up, at the connections. */
type Load = { connections: number; durationSeconds: number; warmupSeconds: number };

/** One authenticated POST as the web app sends it. */
type ListRequest = { path: string; headers: Record<string, string>; body: unknown };

/**
 * The issue "Request speed": what the product's authenticated list endpoints serve under load,
 * against the least an authenticated list can cost on the same database. Subjects, per database:
 * the bare baselines (Fastify, bearer token looked up in one SELECT, the list in another: the
 * family's children, or a page of 24 portraits with a signed address each), `POST /api/children/get`
 * and the gallery's page of a child with 24 finished portraits, as one parent with the family
 * header; each endpoint against the baseline that answers what it answers. On PGlite, and also on PostgreSQL when BENCH_DATABASE_URL names a server,
 * where the SQL statements of one request are counted too.
 */
export const authenticatedListBenchmark: Benchmark = {
  name: "authenticated-list",
  description:
    `POST ${getChildrenEndpoint.path} and ${generatedImagesEndpoint.path} (${GALLERY_PORTRAITS} portraits) ` +
    "vs bare Fastify + token SELECT + one SELECT (3 children; 24 portraits with 24 signatures); targets: ≥ 0.5× bare requests/s on PostgreSQL, " +
    "≥ 0.4× on PGlite, p99 ≤ 50 ms on PostgreSQL, RSS ≤ 250 MiB on PostgreSQL",
  async run(settings) {
    const load = loadOf(settings);
    const databases = benchDatabases();
    const subjects: SubjectResult[] = [];
    const pairs: ComparedPair[] = [];
    for (const database of databases) {
      subjects.push(...(await measureOn(database, load)));
      for (const endpoint of ["children", "gallery"]) {
        const baseline = bareName(endpoint, database);
        pairs.push({ subject: `${endpoint} (${database.label})`, baseline });
        const compiled = `${endpoint} (${database.label}, compiled API)`;
        if (subjects.some((subject) => subject.name === compiled))
          pairs.push({ subject: compiled, baseline });
      }
    }
    const [comparison, ...otherComparisons] = pairs as [ComparedPair, ...ComparedPair[]];
    return {
      subjects,
      comparison,
      otherComparisons,
      conditions:
        `${load.connections} connections, ${load.durationSeconds} s measured per subject after ${load.warmupSeconds} s warm-up; ` +
        `one parent's bearer token and family header on every request; the gallery asks for the web app's page ` +
        `of ${GALLERY_PORTRAITS}, all of the child's finished portraits, against a bare server answering ${GALLERY_PORTRAITS} ` +
        `rows with ${GALLERY_PORTRAITS} signed addresses; the product in a process of its own with its worker (ROLE=all, ` +
        `run through tsx, default settings otherwise), idle but for the load; on PostgreSQL also the compiled server as an ` +
        `API-only process (node apps/server/dist/main.js, ROLE=api; skipped without npm run build), its memory read from /proc; ` +
        `on ${databases.map((database) => database.label).join(", then ")}` +
        `${databases.length > 1 ? "" : " (PostgreSQL too when BENCH_DATABASE_URL is set)"}; ` +
        `the issue's targets: ≥ 0.5× bare requests/s on PostgreSQL, ≥ 0.4× on PGlite, ` +
        `p99 ≤ 50 ms at 50 connections on PostgreSQL, RSS ≤ 250 MiB on PostgreSQL`,
    };
  },
};

/** The issue asks for 50 connections; BENCH_LIST_CONNECTIONS tries others. */
function loadOf(settings: BenchSettings): Load {
  return {
    connections: readCount("BENCH_LIST_CONNECTIONS", 50, { min: 1, max: 1000 }),
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };
}

async function measureOn(database: Database, load: Load): Promise<SubjectResult[]> {
  // Statements are counted on PostgreSQL only, through a proxy in front of its server.
  const counter = database.postgresUrl ? await startStatementCounter(database.postgresUrl) : null;
  try {
    // The baseline first, while the product's process (and its worker) does not run yet.
    const bare = await measureBare(database, load, counter);
    return [...bare, ...(await measureProduct(database, load, counter))];
  } finally {
    await counter?.close();
  }
}

/** The baseline each endpoint is compared with: what the bare server answers in its place. */
function bareName(endpoint: string, database: Database): string {
  return endpoint === "gallery" ? `bare gallery (${database.label})` : `bare (${database.label})`;
}

async function measureBare(
  database: Database,
  load: Load,
  counter: StatementCounter | null,
): Promise<SubjectResult[]> {
  log(`bare (${database.label}): starting`);
  const server = await startBareTokenSelect({ postgresUrl: database.postgresUrl });
  const requests = {
    children: { path: BARE_LIST_PATH, headers: server.headers, body: {} },
    gallery: { path: BARE_GALLERY_PATH, headers: server.headers, body: server.galleryBody },
  };
  const measured: Record<string, HttpMeasurement> = {};
  try {
    await checkBare(server.origin, requests.children, requests.gallery);
    for (const [endpoint, request] of Object.entries(requests)) {
      measured[endpoint] = await measureLoad(bareName(endpoint, database), server.origin, request, load);
    }
  } finally {
    await server.close();
  }
  const statements: Record<string, number> = {};
  if (database.postgresUrl && counter) {
    // A second bare server whose pool goes through the proxy: its 2 statements per request check
    // the counter itself.
    log(`bare (${database.label}): counting its statements per request`);
    const counted = await startBareTokenSelect({ postgresUrl: counter.proxiedUrl(database.postgresUrl) });
    try {
      for (const [endpoint, request] of Object.entries(requests)) {
        const perRequest = await statementsPerRequest(
          counter,
          async () => {
            const answer = await postList(counted.origin, { ...request, headers: counted.headers });
            await answer.arrayBuffer();
            if (answer.status !== 200) throw new Error(`the bare server answered ${answer.status}`);
          },
          COUNTED_REQUESTS,
        );
        statements[endpoint] = round(perRequest.perRequest);
      }
    } finally {
      await counted.close();
    }
  }
  const details = (endpoint: string) =>
    statements[endpoint] === undefined ? {} : { details: { sqlStatementsPerRequest: statements[endpoint] } };
  return [
    {
      name: bareName("children", database),
      description: `bare Fastify: POST ${BARE_LIST_PATH}, bearer token looked up by one SELECT, then one SELECT of 3 rows`,
      ...(measured.children as HttpMeasurement),
      ...details("children"),
    },
    {
      name: bareName("gallery", database),
      description:
        `bare Fastify: POST ${BARE_GALLERY_PATH}, bearer token looked up by one SELECT, then one SELECT of ` +
        `${GALLERY_PORTRAITS} portraits, each given one HMAC-signed address`,
      ...(measured.gallery as HttpMeasurement),
      ...details("gallery"),
    },
  ];
}

/**
 * The product on a fresh database: a parent with a trained child and its finished gallery, then
 * each endpoint under load, its process's memory read after each. On PostgreSQL, a second instance
 * on the same database, idle and without its worker, answers the same requests through the proxy
 * to count their statements (the measured one talks to PostgreSQL directly: a proxy in its path
 * would slow what is measured).
 */
async function measureProduct(
  database: Database,
  load: Load,
  counter: StatementCounter | null,
): Promise<SubjectResult[]> {
  const postgres = database.postgresUrl ? await createPostgresDatabase(database.postgresUrl) : null;
  try {
    log(`${database.label}: starting the product`);
    const app = await startFullAppProcess({
      worker: true,
      env: productEnv,
      ...(postgres ? { databaseUrl: postgres.url } : {}),
    });
    const { parent, children, gallery } = await measureEndpoints(database, app, load).finally(() =>
      app.close(),
    );
    const statements =
      postgres && counter ? await countProductStatements(database, counter, postgres.url, parent) : null;
    const compiled = postgres ? await measureCompiledApi(database, postgres.url, parent, load) : [];
    return [
      {
        name: `children (${database.label})`,
        description: `POST ${getChildrenEndpoint.path}: the family's children (one), as a parent with the family header`,
        ...children.measurement,
        details: { ...children.memory, ...(statements ? statements.children : {}) },
      },
      {
        name: `gallery (${database.label})`,
        description: `POST ${generatedImagesEndpoint.path} {limit: ${GALLERY_PORTRAITS}}: a child's ${GALLERY_PORTRAITS} finished portraits`,
        ...gallery.measurement,
        details: {
          portraits: GALLERY_PORTRAITS,
          ...gallery.memory,
          ...(statements ? statements.gallery : {}),
        },
      },
      ...compiled,
    ];
  } finally {
    await postgres?.drop();
  }
}

/**
 * The same two loads on an API process as production scales them out: the compiled server
 * (`node apps/server/dist/main.js`, ROLE=api) on the same database, for the memory the issue's
 * target is about (the product above runs through tsx with its worker and warm image threads).
 * Skipped, with a note, when `npm run build` has not made the compiled server.
 */
async function measureCompiledApi(
  database: Database,
  databaseUrl: string,
  parent: StudioParent,
  load: Load,
): Promise<SubjectResult[]> {
  const label = `${database.label}, compiled API`;
  if (!compiledServerBuilt()) {
    log(`${label}: skipped, ${COMPILED_SERVER} is missing (npm run build makes it)`);
    return [];
  }
  log(`${label}: starting node ${COMPILED_SERVER} with ROLE=api`);
  const app = await startCompiledApiProcess({ databaseUrl, env: { FACE_DETECTION: "off" } });
  try {
    const atReady = await app.memory();
    await checkProduct(app.origin, parent);
    const children = await measureWithMemory(`children (${label})`, app, childrenRequest(parent), load);
    const gallery = await measureWithMemory(`gallery (${label})`, app, galleryRequest(parent), load);
    const rssAtReadyMiB = Math.round(atReady.rss / MIB);
    return [
      {
        name: `children (${label})`,
        description: `POST ${getChildrenEndpoint.path} on the compiled server as an API-only process`,
        ...children.measurement,
        details: { rssAtReadyMiB, ...children.memory },
      },
      {
        name: `gallery (${label})`,
        description: `POST ${generatedImagesEndpoint.path} {limit: ${GALLERY_PORTRAITS}} on the compiled server as an API-only process`,
        ...gallery.measurement,
        details: { portraits: GALLERY_PORTRAITS, rssAtReadyMiB, ...gallery.memory },
      },
    ];
  } finally {
    await app.close();
  }
}

type Measured = { measurement: HttpMeasurement; memory: Record<string, number> };

async function measureEndpoints(
  database: Database,
  app: FullAppProcess,
  load: Load,
): Promise<{ parent: StudioParent; children: Measured; gallery: Measured }> {
  log(`${database.label}: a parent with a trained child and ${GALLERY_PORTRAITS} finished portraits`);
  const parent = await parentWithGallery(app.origin, GALLERY_PORTRAITS);
  await checkProduct(app.origin, parent);
  const children = await measureWithMemory(
    `children (${database.label})`,
    app,
    childrenRequest(parent),
    load,
  );
  const gallery = await measureWithMemory(`gallery (${database.label})`, app, galleryRequest(parent), load);
  return { parent, children, gallery };
}

/** The product's resident memory after its load, and the most it held (the setup's renders included). */
async function measureWithMemory(
  name: string,
  app: MeasuredProcess,
  request: ListRequest,
  load: Load,
): Promise<Measured> {
  const measurement = await measureLoad(name, app.origin, request, load);
  const memory = await app.memory();
  return {
    measurement,
    memory: { rssAfterLoadMiB: Math.round(memory.rss / MIB), peakRssMiB: Math.round(memory.maxRss / MIB) },
  };
}

async function countProductStatements(
  database: Database,
  counter: StatementCounter,
  databaseUrl: string,
  parent: StudioParent,
): Promise<{ children: Record<string, number>; gallery: Record<string, number> }> {
  log(`${database.label}: counting statements per request (an idle instance through the proxy)`);
  const app = await startFullAppProcess({
    worker: false,
    env: productEnv,
    databaseUrl: counter.proxiedUrl(databaseUrl),
  });
  try {
    const count = async (name: string, request: () => Promise<unknown>) => {
      const counted = await statementsPerRequest(counter, request, COUNTED_REQUESTS);
      log(
        `${name} (${database.label}): ${round(counted.perRequest)} statements per request; one request's:\n` +
          counted.oneRequest.map((sql, index) => `      ${index + 1}. ${sql}`).join("\n"),
      );
      return {
        sqlStatementsPerRequest: round(counted.perRequest),
        sqlIdleStatementsPerRequest: round(counted.idlePerRequest),
      };
    };
    return {
      children: await count("children", () =>
        callEndpoint(app.origin, getChildrenEndpoint, {}, parent.headers),
      ),
      gallery: await count("gallery", () =>
        callEndpoint(
          app.origin,
          generatedImagesEndpoint,
          { childId: parent.childId, limit: GALLERY_PORTRAITS },
          parent.headers,
        ),
      ),
    };
  } finally {
    await app.close();
  }
}

function childrenRequest(parent: StudioParent): ListRequest {
  return jsonRequest(getChildrenEndpoint, {}, parent);
}

function galleryRequest(parent: StudioParent): ListRequest {
  return jsonRequest(generatedImagesEndpoint, { childId: parent.childId, limit: GALLERY_PORTRAITS }, parent);
}

function jsonRequest<E extends Endpoint>(
  endpoint: E,
  body: EndpointRequest<E>,
  parent: StudioParent,
): ListRequest {
  return { path: endpoint.path, headers: parent.headers, body };
}

async function measureLoad(
  name: string,
  origin: string,
  request: ListRequest,
  load: Load,
): Promise<HttpMeasurement> {
  log(`${name}: ${load.warmupSeconds} s warm-up, then ${load.durationSeconds} s measured`);
  const measurement = await measureHttp({
    url: `${origin}${request.path}`,
    method: "POST",
    headers: { "content-type": "application/json", ...request.headers },
    body: JSON.stringify(request.body),
    ...load,
  });
  await sleep(SETTLE_MS);
  return measurement;
}

/**
 * The bare server must answer its session with the family's rows and refuse another token, or it
 * measures less than a token check.
 */
async function checkBare(origin: string, request: ListRequest, gallery: ListRequest): Promise<void> {
  const answer = await postList(origin, request);
  const rows = (await answer.json()) as unknown;
  if (answer.status !== 200 || !Array.isArray(rows) || rows.length !== 3) {
    throw new Error(`the bare server answered ${answer.status} ${JSON.stringify(rows)}, expected 3 rows`);
  }
  const page = await postList(origin, gallery);
  const images = ((await page.json()) as { images?: { url?: string }[] }).images ?? [];
  if (page.status !== 200 || images.length !== GALLERY_PORTRAITS || !images.every((image) => image.url)) {
    throw new Error(
      `the bare gallery answered ${page.status} with ${images.length} portraits, expected ${GALLERY_PORTRAITS} signed`,
    );
  }
  const refused = await postList(origin, {
    ...request,
    headers: { ...request.headers, authorization: "Bearer not-a-session" },
  });
  await refused.arrayBuffer();
  if (refused.status !== 401)
    throw new Error(`the bare server answered ${refused.status} to an unknown token`);
}

/** One request of the load, as autocannon sends it. */
function postList(origin: string, request: ListRequest): Promise<Response> {
  return fetch(`${origin}${request.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...request.headers },
    body: JSON.stringify(request.body),
  });
}

/**
 * The product must answer the family's one child and the whole finished gallery in one page, and
 * refuse a request without the session: otherwise the load would measure something else.
 */
async function checkProduct(origin: string, parent: StudioParent): Promise<void> {
  const children = await callEndpoint(origin, getChildrenEndpoint, {}, parent.headers);
  if (children.length !== 1 || children[0]?.id !== parent.childId) {
    throw new Error(`${getChildrenEndpoint.path} answered ${children.length} children, expected the one`);
  }
  const { images, nextCursor } = await callEndpoint(
    origin,
    generatedImagesEndpoint,
    { childId: parent.childId, limit: GALLERY_PORTRAITS },
    parent.headers,
  );
  const finished = images.filter((image) => image.status === "succeeded" && image.url);
  if (finished.length !== GALLERY_PORTRAITS || nextCursor !== null) {
    throw new Error(
      `${generatedImagesEndpoint.path} answered ${finished.length} finished of ${images.length} portraits ` +
        `(next page: ${nextCursor}), expected all ${GALLERY_PORTRAITS} finished in one page`,
    );
  }
  const { authorization: _, ...withoutSession } = parent.headers;
  const anonymous = await fetch(`${origin}${getChildrenEndpoint.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...withoutSession },
    body: "{}",
  });
  await anonymous.arrayBuffer();
  if (anonymous.status !== 401) {
    throw new Error(
      `${getChildrenEndpoint.path} answered ${anonymous.status} without a session, expected 401`,
    );
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
