import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../src/db/client";
import { mailOutbox } from "../../src/db/schema";

let counter = 0;

/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = "parent"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "correct horse battery";

export async function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  token?: string,
  /** The client's address, for the per-IP limits (defaults to 127.0.0.1). */
  remoteAddress?: string,
) {
  return app.inject({
    method: "POST",
    url,
    payload: (payload ?? {}) as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function signUp(
  app: FastifyInstance,
  options: { email?: string; firstName?: string; password?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const response = await post(app, "/api/auth/create-user", {
    firstName: options.firstName ?? "Ada",
    email,
    password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { email, password };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<LightMyRequestResponse> {
  return post(app, "/api/auth/sign-in/email", { email, password });
}

/** Signs in and returns the bearer token the web app would keep. */
export async function tokenFor(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await signIn(app, email, password);
  expect(response.statusCode, response.body).toBe(200);
  const token = response.headers["set-auth-token"];
  expect(typeof token).toBe("string");
  return token as string;
}

/** The newest message of a kind sent to an address (the local outbox). */
export async function latestMail(db: Database, to: string, kind: string) {
  const [message] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return message;
}

export function tokenOfLink(link: string | null | undefined): string {
  const token = new URL(link ?? "http://x").searchParams.get("token");
  expect(token).toBeTruthy();
  return token as string;
}
