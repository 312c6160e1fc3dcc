import { createUserEndpoint, type EndpointRequest } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/**
 * Creates the account on the server (spec §7). With its zod schemas, it loads when the parent starts
 * on the sign-up form, not with the landing page (decision 0036).
 */
export function createUser(request: EndpointRequest<typeof createUserEndpoint>) {
  return callApi(createUserEndpoint, request);
}
