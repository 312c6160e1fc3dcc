import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../src/config/env";

function errorOf(source: Record<string, string>): EnvError {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected loadEnv to fail");
}

describe("loadEnv", () => {
  it("starts with no configuration at all: embedded database, port 3000, product name", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_NAME).toBe("Wonderkin");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ROLE).toBe("all");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.publicUrl).toBe("http://localhost:3000");
  });

  it("treats empty values as unset", () => {
    expect(loadEnv({ PORT: "", APP_NAME: "" }).PORT).toBe(3000);
  });

  it("derives the public URL from PORT, or takes PUBLIC_URL without a trailing slash", () => {
    expect(loadEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadEnv({ PUBLIC_URL: "https://wonderkin.example/" }).publicUrl).toBe("https://wonderkin.example");
  });

  it("names the key when a value is wrong", () => {
    expect(errorOf({ PORT: "eighty" }).message).toContain("PORT");
    expect(errorOf({ DATABASE_URL: "mysql://x" }).message).toContain("DATABASE_URL");
    expect(errorOf({ LOG_LEVEL: "loud" }).message).toContain("LOG_LEVEL");
  });

  it("refuses separate API and worker roles on the single-process embedded database", () => {
    expect(errorOf({ ROLE: "api" }).message).toMatch(/DATABASE_URL: ROLE=api .* set DATABASE_URL/);
    expect(errorOf({ ROLE: "worker" }).message).toContain("DATABASE_URL");
    expect(loadEnv({ ROLE: "worker", DATABASE_URL: "postgres://db/x" }).ROLE).toBe("worker");
  });

  it("requires a shared AUTH_SECRET for production on PostgreSQL", () => {
    const error = errorOf({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" });
    expect(error.message).toContain("AUTH_SECRET");
    expect(errorOf({ AUTH_SECRET: "short" }).message).toContain("AUTH_SECRET");
  });
});
