import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteFamilyEndpoint, leaveFamilyEndpoint } from "@wonderkin/contract";
import { switchFamily } from "@/entities/session/current-family";
import { callApi } from "@/lib/api-client";

export function leaveFamily(familyId: string) {
  return callApi(leaveFamilyEndpoint, {}, { organizationId: familyId });
}

/** Deletes the family and everything in it; the owner confirms with the family's exact name. */
export function deleteFamily(input: { confirmName: string }, familyId: string) {
  return callApi(deleteFamilyEndpoint, input, { organizationId: familyId });
}

/** Leaving or deleting ends with another family to act for (the server always keeps one). */
export function useLeaveFamily(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveFamily(familyId),
    onSuccess: ({ nextFamilyId }) => {
      void switchFamily(queryClient, nextFamilyId);
    },
  });
}

export function useDeleteFamily(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { confirmName: string }) => deleteFamily(input, familyId),
    onSuccess: ({ nextFamilyId }) => {
      void switchFamily(queryClient, nextFamilyId);
    },
  });
}
