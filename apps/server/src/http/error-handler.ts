import { type ApiError, commonErrorCodes, type FieldIssue } from "@wonderkin/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { isDataException, isTransientDatabaseError, sqlStateOf } from "../lib/db-errors";
import { loggableError } from "../lib/loggable-error";
import { StorageFullError } from "../providers/storage/storage";

/** Fastify's own 4xx errors, mapped to our stable codes and plain-language messages. */
const fastifyErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: commonErrorCodes.unsupportedMediaType,
    message: "This content type is not accepted here. Send JSON.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: commonErrorCodes.payloadTooLarge,
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: commonErrorCodes.badRequest,
    message: "The request body is not valid JSON.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: commonErrorCodes.badRequest,
    message: "The request body is empty but declared as JSON.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: commonErrorCodes.badRequest,
    message: "The Content-Length header does not match the body.",
  },
};

export function sendError(reply: FastifyReply, statusCode: number, error: ApiError): FastifyReply {
  return reply.status(statusCode).type("application/json; charset=utf-8").send(error);
}

function toFieldIssues(
  error: FastifyError & { validation: unknown[]; validationContext?: string },
): FieldIssue[] {
  return (error.validation as { instancePath?: string; message?: string }[]).map((issue) => {
    const where = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
    return {
      path: [error.validationContext, where].filter(Boolean).join("."),
      message: issue.message ?? "is invalid",
    };
  });
}

/**
 * How long a client waits before asking again after a lost database connection: the pool opens a
 * fresh one in milliseconds, a failover takes seconds.
 */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const routeOf = (request: FastifyRequest) => request.routeOptions?.url ?? request.url.split("?")[0];

function logFailure(request: FastifyRequest, error: unknown, code: string): void {
  request.log.error({ route: routeOf(request), code, error: loggableError(error) }, "request failed");
}

/** The code, message and Retry-After of a Better Auth APIError, when it carries them. */
function authRefusal(error: unknown): { code?: string; message?: string; retryAfter?: string } {
  const { body, headers } = error as { body?: { code?: unknown; message?: unknown }; headers?: unknown };
  const retryAfter =
    headers instanceof Headers
      ? headers.get("retry-after")
      : (headers as Record<string, unknown> | undefined)?.["retry-after"];
  return {
    ...(typeof body?.code === "string" ? { code: body.code } : {}),
    ...(typeof body?.message === "string" ? { message: body.message } : {}),
    ...(typeof retryAfter === "string" ? { retryAfter } : {}),
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ApiError = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(error.options.retryAfterSeconds));
        body.retryAfterSeconds = error.options.retryAfterSeconds;
      }
      if (error.statusCode >= 500) logFailure(request, error, error.code);
      return sendError(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = toFieldIssues(error as FastifyError & { validation: unknown[] });
      const first = details[0];
      return sendError(reply, 400, {
        code: commonErrorCodes.validationFailed,
        message: first ? `Invalid ${first.path || "request"}: ${first.message}` : "The request is invalid.",
        details,
      });
    }
    const known = error.code ? fastifyErrors[error.code] : undefined;
    if (known) return sendError(reply, error.statusCode ?? 400, known);
    if (error.statusCode === 429) {
      // A Better Auth limit reached through its server API (our hooks' refusals) keeps its code,
      // message and Retry-After.
      const refusal = authRefusal(error);
      if (refusal.retryAfter) reply.header("retry-after", refusal.retryAfter);
      const retryAfterSeconds = Number(refusal.retryAfter);
      return sendError(reply, 429, {
        code: refusal.code ?? commonErrorCodes.rateLimited,
        message: refusal.message ?? "Too many requests. Please try again later.",
        ...(Number.isInteger(retryAfterSeconds) && retryAfterSeconds > 0 ? { retryAfterSeconds } : {}),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, {
        code: commonErrorCodes.badRequest,
        message: error.message || "The request could not be processed.",
      });
    }
    // A value the database refuses (class 22) is the client's: the contract should have caught it,
    // and this keeps the answer a 400 for any field it misses.
    if (isDataException(error)) {
      return sendError(reply, 400, {
        code: commonErrorCodes.validationFailed,
        message: "The request holds a value that cannot be stored. Check the text and numbers you sent.",
      });
    }
    // The database connection was lost (a restart, a failover, pg_terminate_backend): reads were
    // already tried again once (db/client.ts), so this is a write, a transaction or a second loss.
    // Asking again shortly is the right answer, so say so rather than "something went wrong".
    if (isTransientDatabaseError(error)) {
      request.log.warn(
        { route: routeOf(request), code: commonErrorCodes.unavailable, sqlState: sqlStateOf(error) },
        "database connection lost",
      );
      reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, {
        code: commonErrorCodes.unavailable,
        message: "We lost touch with our database for a moment. Please try again in a few seconds.",
      });
    }
    // A full disk needs an operator (hence the error log), and the parent a clear word: the storage
    // removed what it had started to write, and what the request stored before is undone with it.
    if (error instanceof StorageFullError) {
      request.log.error({ route: routeOf(request), code: commonErrorCodes.storageFull }, "storage full");
      return sendError(reply, 507, {
        code: commonErrorCodes.storageFull,
        message:
          "We can't save files right now because our storage is full. Nothing was saved; please try again later.",
      });
    }
    // Anything else is our fault: log where it happened, tell the client nothing about internals.
    logFailure(request, error, commonErrorCodes.internal);
    return sendError(reply, 500, {
      code: commonErrorCodes.internal,
      message: "Something went wrong on our side. Please try again.",
    });
  });
}
