import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";
import type { RunningServer } from "../harness/benchmark";
import { createPostgresDatabase } from "./postgres-database";

/** The route and headers of the product's children list, so the load is the same request. */
export const BARE_LIST_PATH = "/api/children/get";
const FAMILY_HEADER = "organization-id";
/** Rows of the family's list, and of other families' (so the SELECT has something to leave out). */
const LISTED_ROWS = 3;
const OTHER_FAMILIES = 50;
/**
 * The product's request pool on PostgreSQL with its default DATABASE_POOL_MAX of 10: the job queue
 * keeps 3 of them for itself (queuePoolMax in the server's jobs/queue.ts).
 */
const POSTGRES_POOL_MAX = 7;

/** A bare server and the session it accepts: `headers` make a request it answers with its list. */
export type BareTokenSelect = RunningServer & { headers: Record<string, string> };

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
`;

/**
 * The floor of an authenticated list: bare Fastify (no logger, hooks, validation or security
 * headers) that reads the bearer token, finds its row in a tokens table (one SELECT, which also
 * names the family) and answers one SELECT of the family's few rows. Nothing else: no session
 * refresh, no user row, no membership or role, no response schema. On PGlite in a temporary folder
 * of its own, or in a new database on the PostgreSQL server at `postgresUrl`, with the same driver
 * the product uses for it (`pg`'s pool, or PGlite's `query`), parameters and all.
 */
export async function startBareTokenSelect(options: { postgresUrl?: string }): Promise<BareTokenSelect> {
  const database = await openDatabase(options.postgresUrl);
  try {
    const headers = await seed(database.query);
    const app = Fastify({ logger: false });
    app.post(BARE_LIST_PATH, async (request, reply) => {
      const authorization = request.headers.authorization ?? "";
      const token = authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : "";
      const [session] = await database.query(
        "select user_id, family_id from bench_tokens where token = $1 and expires_at > now()",
        [token],
      );
      if (!session) return reply.code(401).send({ code: "UNAUTHENTICATED" });
      if (request.headers[FAMILY_HEADER] !== session.family_id) {
        return reply.code(403).send({ code: "NOT_A_FAMILY_MEMBER" });
      }
      return database.query(
        "select id, first_name, age, created_at from bench_children where family_id = $1 order by id",
        [session.family_id],
      );
    });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    return {
      origin,
      headers,
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
