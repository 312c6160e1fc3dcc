import {
  apiErrorSchema,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
} from "@wonderkin/contract";
import { ApiError, type RequestContext, readRequestContext } from "./api-error";
import { onlyFirstAnswers, takeFirstAnswer } from "./first-answers";
import { sendToApi } from "./plain-request";

export { ApiError, type RequestContext, setRequestContextProvider } from "./api-error";

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
  // A signed-in page's first asks are answered from the page itself when it carries them (decision 0064).
  const answer = firstAnswerTo(endpoint, body, context);
  // A server render draws what its answers do not cover as still loading (decision 0066).
  if (!answer && onlyFirstAnswers()) throw new Error(`no first answer to ${endpoint.path}`);
  const { response, payload } =
    answer ?? (await sendToApi(endpoint.path, { method: endpoint.method, body, context }));
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

/** The page's embedded answer to this call, as `sendToApi` would return the server's (decision 0064). */
function firstAnswerTo(
  endpoint: Endpoint,
  body: unknown,
  context: RequestContext,
): { response: Response; payload: unknown } | null {
  const { token, organizationId } = { ...readRequestContext(), ...context };
  const embedded = takeFirstAnswer({
    method: endpoint.method,
    path: endpoint.path,
    body,
    token,
    organizationId,
  });
  return embedded ? { response: new Response(null, { status: 200 }), payload: embedded.payload } : null;
}
