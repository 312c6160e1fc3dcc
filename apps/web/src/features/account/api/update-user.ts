import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type EndpointRequest, updateUserEndpoint } from "@wonderkin/contract";
import { userQueryKey } from "@/entities/session/get-user";
import { callApi } from "@/lib/api-client";

export type UpdateUserInput = EndpointRequest<typeof updateUserEndpoint>;

export function updateUser(input: UpdateUserInput) {
  return callApi(updateUserEndpoint, input);
}

/** Saves the profile and shows the new record everywhere at once (the header's name and picture). */
export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(userId), user),
  });
}
