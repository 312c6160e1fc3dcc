import type { Database } from "./client";

/**
 * A hot query built and prepared once per database handle instead of on every call: Drizzle then
 * skips building its SQL, and node-postgres sends the statement by name, so PostgreSQL parses and
 * plans it once per connection (decision 0027). The name given to `.prepare()` must be unique across the server.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
