import { useMutation } from "@tanstack/react-query";
import { changeEmailEndpoint, type EndpointRequest } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

export type ChangeEmailInput = EndpointRequest<typeof changeEmailEndpoint>;

/** Sends a confirmation link to the new address; the e-mail changes only once it is clicked. */
export function changeEmail(input: ChangeEmailInput) {
  return callApi(changeEmailEndpoint, input);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
