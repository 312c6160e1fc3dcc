/** Stable codes shared by server and web. Feature areas add their own next to their schemas. */
export const commonErrorCodes = {
  validationFailed: "VALIDATION_FAILED",
  notFound: "NOT_FOUND",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  /** A Range header past the end of the file (a video player asking for bytes that are not there). */
  rangeNotSatisfiable: "RANGE_NOT_SATISFIABLE",
  requestTimeout: "REQUEST_TIMEOUT",
  badRequest: "BAD_REQUEST",
  unauthenticated: "UNAUTHENTICATED",
  forbidden: "FORBIDDEN",
  /** A cookie-authenticated request sent by another website (cross-site request forgery). */
  crossSiteRequest: "CROSS_SITE_REQUEST",
  rateLimited: "RATE_LIMITED",
  internal: "INTERNAL_ERROR",
  /** The database connection was lost (a restart, a failover): answered 503 with Retry-After. */
  unavailable: "SERVICE_UNAVAILABLE",
  /** The server's disk (or quota) is full: 507, and nothing of the request was kept. */
  storageFull: "STORAGE_FULL",
  /** More requests at once than this instance takes: answered at once with Retry-After. */
  serverBusy: "SERVER_BUSY",
} as const;
