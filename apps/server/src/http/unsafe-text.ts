import { commonErrorCodes, findUnsafeText } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";

/** The 400 for a NUL or broken Unicode, shaped like every other validation failure. */
export function unsafeTextError(where: string, value: unknown): AppError | null {
  const unsafe = findUnsafeText(value);
  if (!unsafe) return null;
  const path = [where, ...unsafe.path].filter((part) => part !== "").join(".");
  return new AppError(400, commonErrorCodes.validationFailed, `Invalid ${path}: ${unsafe.message}`, [
    { path, message: unsafe.message },
  ]);
}

/**
 * Query strings and path parameters reach routes outside the contract too (media, family pictures,
 * Better Auth's links): one check before validation keeps a `%00` from ever reaching the database.
 * Contract bodies are checked by their schemas (defineEndpoint).
 */
export function registerUnsafeTextCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const error = unsafeTextError("querystring", request.query) ?? unsafeTextError("params", request.params);
    if (error) throw error;
  });
}

/** A JSON or form body Better Auth will parse itself, checked the same way before it does. */
export function unsafeTextInRawBody(contentType: string | undefined, body: Buffer): AppError | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  const text = body.toString("utf8");
  if (type === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null; // Better Auth answers malformed JSON itself, with a 4xx.
    }
    return unsafeTextError("body", parsed);
  }
  if (type === "application/x-www-form-urlencoded") {
    return unsafeTextError("body", Object.fromEntries(new URLSearchParams(text)));
  }
  return null;
}
