import { type ApiError, commonErrorCodes, type FieldIssue } from "@wonderkin/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";
import { isDataException } from "../lib/db-errors";
import { loggableError } from "../lib/loggable-error";

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

function logFailure(request: FastifyRequest, error: unknown, code: string): void {
  request.log.error(
    { route: request.routeOptions?.url ?? request.url.split("?")[0], code, error: loggableError(error) },
    "request failed",
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ApiError = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
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
      return sendError(reply, 429, {
        code: commonErrorCodes.rateLimited,
        message: "Too many requests. Please try again later.",
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
    // Anything else is our fault: log where it happened, tell the client nothing about internals.
    logFailure(request, error, commonErrorCodes.internal);
    return sendError(reply, 500, {
      code: commonErrorCodes.internal,
      message: "Something went wrong on our side. Please try again.",
    });
  });
}
