import { ApiError } from "./api-error";

/**
 * What to tell people when an action failed: the server's own message when it explained itself, a
 * plain fallback otherwise (network down, an answer this page does not understand, a bug).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== "UNEXPECTED_RESPONSE" && error.code !== "INTERNAL_ERROR") {
    return error.message;
  }
  return fallback;
}
