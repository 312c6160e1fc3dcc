import { type ApiError, commonErrorCodes, type FieldIssue } from "@wonderkin/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ApiError = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      if (error.statusCode >= 500) request.log.error({ err: error }, "request failed");
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
    // Anything else is our fault: log everything, tell the client nothing about internals.
    request.log.error({ err: error }, "unexpected error");
    return sendError(reply, 500, {
      code: commonErrorCodes.internal,
      message: "Something went wrong on our side. Please try again.",
    });
  });
}
