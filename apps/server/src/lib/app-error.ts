/**
 * A failure the client can act on: an HTTP status, a stable machine-readable code and a message a
 * person can read. Domain functions throw these; the HTTP layer turns them into `{code, message}`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** For a 429 or 503: when to ask again, sent as `Retry-After`. */
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}
