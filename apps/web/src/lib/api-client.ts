import {
  apiErrorSchema,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  FAMILY_HEADER,
} from "@wonderkin/contract";
import { ApiError, type RequestContext, readRequestContext } from "./api-error";

export { ApiError, type RequestContext, setRequestContextProvider } from "./api-error";

const networkErrorMessage = "We couldn't reach Wonderkin. Check your connection and try again.";

/**
 * Calls one contract endpoint: validates the request before sending, the response after receiving,
 * and turns any failure into an ApiError. It never shows anything; the UI decides what to say.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  request: EndpointRequest<E>,
  context: RequestContext = {},
): Promise<EndpointResponse<E>> {
  const body = endpoint.request.parse(request);
  const { token, organizationId } = { ...readRequestContext(), ...context };
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (organizationId) headers[FAMILY_HEADER] = organizationId;

  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: context.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK_ERROR", networkErrorMessage);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success)
      throw new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.details);
    throw new ApiError(response.status, "UNEXPECTED_RESPONSE", `The server answered ${response.status}.`);
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      "UNEXPECTED_RESPONSE",
      "The server sent an answer this page does not understand.",
    );
  }
  return parsed.data as EndpointResponse<E>;
}
