import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, readMigrationStatus } from "../../src/db/migrate";
import { createTestDatabase, type TestDatabase } from "../test-database";

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

describe("migrations", () => {
  it("report the database as up to date after start-up", async () => {
    const status = await readMigrationStatus(testDatabase.connection);
    expect(status.upToDate).toBe(true);
    expect(status.applied).toBe(status.expected);
  });

  it("can be applied again, and by several instances at once, without harm", async () => {
    await Promise.all([
      applyMigrations(testDatabase.connection),
      applyMigrations(testDatabase.connection),
      applyMigrations(testDatabase.connection),
    ]);
    const status = await readMigrationStatus(testDatabase.connection);
    expect(status.upToDate).toBe(true);
    expect(status.applied).toBe(status.expected);
  });

  it("create the identity tables", async () => {
    const { rows } = await testDatabase.connection.executeSql(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["account", "session", "user", "verification"]),
    );
  });
});
