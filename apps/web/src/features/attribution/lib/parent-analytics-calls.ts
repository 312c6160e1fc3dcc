/**
 * The analytics calls about a signed-in parent, with their zod schemas: loaded by browser-tracker.ts
 * when one is made, so that a visitor's first page does without them (decision 0036).
 */
import { type EndpointRequest, identifyEndpoint, submitUserDataEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

export const identify = (request: EndpointRequest<typeof identifyEndpoint>) =>
  callApi(identifyEndpoint, request);

export const submitUserData = (request: EndpointRequest<typeof submitUserDataEndpoint>) =>
  callApi(submitUserDataEndpoint, request);
