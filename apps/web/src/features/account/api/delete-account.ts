import { useMutation } from "@tanstack/react-query";
import { deleteAccountEndpoint, type EndpointRequest } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

export type DeleteAccountInput = EndpointRequest<typeof deleteAccountEndpoint>;

/**
 * Deletes the signed-in parent's account for good. The server asks for the typed e-mail address and
 * proof that it is them: the current password, or (without one) a recent sign-in.
 */
export function deleteAccount(input: DeleteAccountInput) {
  return callApi(deleteAccountEndpoint, input);
}

/** Nothing is refreshed afterwards: the page signs out (there is no account left to read). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
