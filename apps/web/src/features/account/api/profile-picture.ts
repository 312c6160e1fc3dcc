import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeProfilePictureEndpoint, uploadProfilePictureEndpoint } from "@wonderkin/contract";
import { userQueryKey } from "@/entities/session/get-user";
import { callApi } from "@/lib/api-client";

/** Replaces the parent's picture with a file read as a data URL (decision 0059). */
export function uploadProfilePicture(picture: string) {
  return callApi(uploadProfilePictureEndpoint, { picture });
}

/** Removes the parent's picture, uploaded or from a social profile. */
export function removeProfilePicture() {
  return callApi(removeProfilePictureEndpoint, {});
}

/** Both show the new record everywhere at once (the header's picture too). */
export function useUploadProfilePicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(userId), user),
  });
}

export function useRemoveProfilePicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePicture,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(userId), user),
  });
}
