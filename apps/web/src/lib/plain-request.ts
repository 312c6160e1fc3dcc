import { FAMILY_HEADER } from "@wonderkin/contract/rules";
import { ApiError, type RequestContext, readRequestContext } from "./api-error";

const networkErrorMessage = "We couldn't reach Wonderkin. Check your connection and try again.";

/**
 * Sends one request to the API as every call does (the session's token and family, JSON both ways,
 * a network failure as an ApiError) and reads its JSON answer, unchecked. `callApi` checks both ends
 * with the endpoint's schemas around it; `plainRequest` does without them.
 */
export async function sendToApi(
  path: string,
  options: { method: string; body: unknown; context?: RequestContext },
): Promise<{ response: Response; payload: unknown }> {
  const { token, organizationId } = { ...readRequestContext(), ...options.context };
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (organizationId) headers[FAMILY_HEADER] = organizationId;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.context?.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", networkErrorMessage);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  return { response, payload };
}

/**
 * A call to the API without the contract's zod schemas, for the few calls a public page makes before
 * it would otherwise need zod (decision 0036): the deployment's settings and an anonymous visit. The
 * server checks the request and writes its answer through the endpoint's own schemas, so what comes
 * back has the endpoint's shape; everything else goes through `callApi` (lib/api-client.ts), which
 * checks both ends here too. Failures are ApiErrors, as there.
 */
export async function plainRequest(
  path: `/api/${string}`,
  options: { method: "GET" } | { method: "POST"; body: unknown },
): Promise<unknown> {
  const body = options.method === "POST" ? options.body : undefined;
  const { response, payload } = await sendToApi(path, { method: options.method, body });
  if (!response.ok) {
    const failure = isRecord(payload) ? payload : {};
    const code = typeof failure.code === "string" ? failure.code : "UNEXPECTED_RESPONSE";
    const message =
      typeof failure.message === "string" ? failure.message : `The server answered ${response.status}.`;
    throw new ApiError(response.status, code, message, failure.details);
  }
  if (!isRecord(payload)) {
    throw new ApiError(
      response.status,
      "UNEXPECTED_RESPONSE",
      "The server sent an answer this page does not understand.",
    );
  }
  return payload;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
