import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test-database";

// PGlite runs in this thread; on PostgreSQL a statement waits on the network and the loop runs.
const onPglite = !process.env.DATABASE_URL;

describe.skipIf(!onPglite)("PGlite shares the event loop under load", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("lets the loop turn (accept connections, answer timers) while a burst of statements runs", async () => {
    const statements = 200;
    let done = 0;
    let doneWhenTheLoopTurned: number | null = null;
    const burst = Array.from({ length: statements }, () =>
      database.connection.db.execute(sql`select count(*) from generate_series(1, 2000)`).then(() => {
        done += 1;
      }),
    );
    // Queued now, it runs at the loop's next check phase: only after every statement when PGlite
    // keeps the thread, as soon as the first few milliseconds of work when it shares it.
    setImmediate(() => {
      doneWhenTheLoopTurned = done;
    });
    await Promise.all(burst);
    expect(doneWhenTheLoopTurned).not.toBeNull();
    expect(doneWhenTheLoopTurned).toBeLessThan(statements / 2);
  });
});
