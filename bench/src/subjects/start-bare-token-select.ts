import { createHmac, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { GALLERY_PAGE_SIZE } from "@wonderkin/contract";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import pg from "pg";
import type { RunningServer } from "../harness/benchmark";
import { createPostgresDatabase } from "./postgres-database";

/** The routes and headers of the product's children list and gallery, so the load is the same request. */
export const BARE_LIST_PATH = "/api/children/get";
export const BARE_GALLERY_PATH = "/api/children/generated-images";
/** The child whose portraits the bare gallery lists (every family's portraits are of child 1). */
const BARE_CHILD_ID = 1;
/** How long a bare gallery's signed addresses work, as the product's default MEDIA_URL_TTL_SECONDS. */
const ADDRESS_SECONDS = 15 * 60;
const FAMILY_HEADER = "organization-id";
/** Rows of the family's list, and of other families' (so the SELECT has something to leave out). */
const LISTED_ROWS = 3;
const OTHER_FAMILIES = 50;
/**
 * The product's request pool on PostgreSQL with its default DATABASE_POOL_MAX of 10: the job queue
 * keeps 3 of them for itself (queuePoolMax in the server's jobs/queue.ts).
 */
const POSTGRES_POOL_MAX = 7;

/**
 * A bare server and the session it accepts: `headers` make a request it answers with its list, and
 * with them `galleryBody` one it answers with a page of the child's portraits.
 */
export type BareTokenSelect = RunningServer & {
  headers: Record<string, string>;
  galleryBody: { childId: number; limit: number };
};

type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

const SCHEMA = `
  create table bench_tokens (
    token text primary key,
    user_id text not null,
    family_id text not null,
    expires_at timestamptz not null
  );
  create table bench_children (
    id serial primary key,
    family_id text not null,
    first_name text not null,
    age integer not null,
    created_at timestamptz not null default now()
  );
  create index bench_children_family_id on bench_children (family_id);
  create table bench_portraits (
    id text primary key,
    family_id text not null,
    child_id integer not null,
    style_id text not null,
    status text not null,
    storage_key text not null,
    width integer not null,
    height integer not null,
    favourite boolean not null,
    created_at timestamptz not null,
    completed_at timestamptz not null
  );
  create index bench_portraits_family_child on bench_portraits (family_id, child_id, created_at desc, id desc);
`;

/**
 * The floor of an authenticated list: bare Fastify (no logger, hooks, validation or security
 * headers) that reads the bearer token, finds its row in a tokens table (one SELECT, which also
 * names the family) and answers one SELECT of the family's few rows, or of a page of the child's
 * portraits with a signed address each. Nothing else: no session
 * refresh, no user row, no membership or role, no response schema. On PGlite in a temporary folder
 * of its own, or in a new database on the PostgreSQL server at `postgresUrl`, with the same driver
 * the product uses for it (`pg`'s pool, or PGlite's `query`), parameters and all.
 */
export async function startBareTokenSelect(options: { postgresUrl?: string }): Promise<BareTokenSelect> {
  const database = await openDatabase(options.postgresUrl);
  try {
    const headers = await seed(database.query);
    const secret = randomBytes(32);
    const app = Fastify({ logger: false });
    /** The session's family, or null once a 401 or 403 is sent. */
    const familyOf = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
      const authorization = request.headers.authorization ?? "";
      const token = authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
      const [session] = await database.query(
        "select user_id, family_id from bench_tokens where token = $1 and expires_at > now()",
        [token],
      );
      if (!session) {
        await reply.code(401).send({ code: "UNAUTHENTICATED" });
        return null;
      }
      if (request.headers[FAMILY_HEADER] !== session.family_id) {
        await reply.code(403).send({ code: "NOT_A_FAMILY_MEMBER" });
        return null;
      }
      return String(session.family_id);
    };
    app.post(BARE_LIST_PATH, async (request, reply) => {
      const familyId = await familyOf(request, reply);
      if (familyId === null) return reply;
      return database.query(
        "select id, first_name, age, created_at from bench_children where family_id = $1 order by id",
        [familyId],
      );
    });
    // The gallery's floor: a page of the child's portraits, each with one signed address (an HMAC
    // of its path and expiry, as the product signs), written by Fastify's JSON.stringify.
    app.post<{ Body: { childId?: unknown; limit?: unknown } }>(BARE_GALLERY_PATH, async (request, reply) => {
      const familyId = await familyOf(request, reply);
      if (familyId === null) return reply;
      const rows = await database.query(
        "select id, child_id, style_id, status, storage_key, width, height, favourite, created_at, completed_at " +
          "from bench_portraits where family_id = $1 and child_id = $2 order by created_at desc, id desc limit $3",
        [familyId, Number(request.body?.childId), Number(request.body?.limit)],
      );
      const expires = Math.floor(Date.now() / 1000) + ADDRESS_SECONDS;
      const images = rows.map((row) => {
        const path = `/api/media/${row.storage_key}`;
        const signature = createHmac("sha256", secret).update(`media:${path}:${expires}`).digest("base64url");
        return {
          id: row.id,
          childId: row.child_id,
          styleId: row.style_id,
          status: row.status,
          url: `${path}?expires=${expires}&signature=${signature}`,
          width: row.width,
          height: row.height,
          favourite: row.favourite,
          createdAt: new Date(row.created_at as string).toISOString(),
          completedAt: new Date(row.completed_at as string).toISOString(),
        };
      });
      return { images, nextCursor: null };
    });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    return {
      origin,
      headers,
      galleryBody: { childId: BARE_CHILD_ID, limit: GALLERY_PAGE_SIZE },
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The two tables, one session and a few rows per family; answers the session's request headers. */
async function seed(query: Query): Promise<Record<string, string>> {
  const token = randomBytes(32).toString("base64url");
  const familyId = randomBytes(12).toString("hex");
  await query(SCHEMA);
  await query(
    "insert into bench_tokens (token, user_id, family_id, expires_at) values ($1, $2, $3, now() + interval '7 days')",
    [token, "bench-user", familyId],
  );
  const families = [
    familyId,
    ...Array.from({ length: OTHER_FAMILIES }, () => randomBytes(12).toString("hex")),
  ];
  for (const family of families) {
    await query(
      "insert into bench_portraits (id, family_id, child_id, style_id, status, storage_key, width, height, " +
        "favourite, created_at, completed_at) select $1::text || '-' || n, $1::text, $2::integer, 'astronaut', " +
        "'succeeded', 'families/' || $1::text || '/children/' || $2::integer || '/portraits/' || " +
        "md5($1::text || n) || '.jpg', 2048, 2560, n % 3 = 0, now() - n * interval '1 minute', " +
        "now() - n * interval '1 minute' from generate_series(1, $3::integer) as n",
      [family, BARE_CHILD_ID, GALLERY_PAGE_SIZE],
    );
    for (let row = 0; row < LISTED_ROWS; row++) {
      await query("insert into bench_children (family_id, first_name, age) values ($1, $2, $3)", [
        family,
        `Child ${row + 1}`,
        4 + row,
      ]);
    }
  }
  return { authorization: `Bearer ${token}`, [FAMILY_HEADER]: familyId };
}

async function openDatabase(
  postgresUrl: string | undefined,
): Promise<{ query: Query; close(): Promise<void> }> {
  if (postgresUrl) {
    const database = await createPostgresDatabase(postgresUrl);
    const pool = new pg.Pool({ connectionString: database.url, max: POSTGRES_POOL_MAX });
    pool.on("error", () => {});
    return {
      query: async (text, values) => (await pool.query(text, values)).rows,
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "wonderkin-bench-bare-"));
  const client = await PGlite.create(path.join(dir, "pglite")).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    // Without values, `exec` (several statements: the schema); with them, `query`, as the product does.
    query: async (text, values) => {
      if (values) return (await client.query<Record<string, unknown>>(text, values)).rows;
      await client.exec(text);
      return [];
    },
    close: async () => {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
