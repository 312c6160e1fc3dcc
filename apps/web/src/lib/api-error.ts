/**
 * What every page needs of the API client before it calls anything: the error type and the request
 * context. Kept apart from `callApi` (lib/api-client.ts), whose zod schemas the first page load
 * does without: a module the app shell imports ends up in the shell's chunk, with all it uses.
 */

/** An API failure as the server described it: status, stable code, readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type RequestContext = {
  /** The session's bearer token, when signed in. */
  token?: string | null;
  /** The family the request acts for (spec §6: every request carries it). */
  organizationId?: string | null;
  signal?: AbortSignal;
};

type ContextProvider = () => Pick<RequestContext, "token" | "organizationId">;
let contextProvider: ContextProvider = () => ({});

/** The session layer registers how to read the current token and family; the client stays side-effect free. */
export function setRequestContextProvider(provider: ContextProvider): void {
  contextProvider = provider;
}

/** The token and family of the request about to be sent, as the session layer knows them. */
export function readRequestContext(): Pick<RequestContext, "token" | "organizationId"> {
  return contextProvider();
}
