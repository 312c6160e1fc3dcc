import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import type { Database } from "../db/client";
import * as schema from "../db/schema";

export type AuthOptions = {
  db: Database;
  secret: string;
  publicUrl: string;
  appName: string;
};

/**
 * Better Auth is the identity provider of the spec. Sessions are carried as bearer tokens (spec §6:
 * every request carries the signed-in user's bearer token); the web keeps the token it receives in
 * the `set-auth-token` header.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: options.appName,
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    database: drizzleAdapter(options.db, { provider: "pg", schema }),
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
