import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../src/config/env";
import { repoRoot } from "../../src/config/paths";

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
    expect(
      loadEnv({
        ROLE: "worker",
        DATABASE_URL: "postgres://db/x",
        STORAGE_PROVIDER: "s3",
        S3_BUCKET: "photos",
      }).ROLE,
    ).toBe("worker");
  });

  it("refuses local storage for separate roles unless the folder is declared shared", () => {
    const postgres = { DATABASE_URL: "postgres://db/x" };
    expect(errorOf({ ...postgres, ROLE: "api" }).message).toMatch(
      /STORAGE_PROVIDER: is local: ROLE=api .*S3_BUCKET.*STORAGE_LOCAL_SHARED=true/,
    );
    expect(loadEnv({ ...postgres, ROLE: "api", STORAGE_LOCAL_SHARED: "true" }).STORAGE_LOCAL_SHARED).toBe(
      true,
    );
  });

  it("refuses to run a public production server whose mail would never leave the database", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://wonderkin.example" } as const;
    expect(errorOf(production).message).toMatch(/MAIL_PROVIDER: .*MAIL_PROVIDER=smtp/);
    const chosen = loadEnv({ ...production, MAIL_PROVIDER: "outbox" });
    expect(chosen.MAIL_PROVIDER).toBe("outbox");
    // Chosen on purpose, the outbox still never opens its mailbox of sign-in links to the public.
    expect(loadEnv({ ...production, MAIL_PROVIDER: "outbox", DEV_MAILBOX: "on" }).devMailboxEnabled).toBe(
      false,
    );
    expect(loadEnv({ NODE_ENV: "production" }).devMailboxEnabled).toBe(true);
  });

  it("takes a relative DATA_DIR from the project root, whatever the working directory", () => {
    expect(loadEnv({ DATA_DIR: "./data" }).dataDir).toBe(path.join(repoRoot, "data"));
    expect(loadEnv({ DATA_DIR: "/srv/wonderkin" }).dataDir).toBe("/srv/wonderkin");
  });

  it("requires a shared AUTH_SECRET for production on PostgreSQL", () => {
    const error = errorOf({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" });
    expect(error.message).toContain("AUTH_SECRET");
    expect(errorOf({ AUTH_SECRET: "short" }).message).toContain("AUTH_SECRET");
  });
});
