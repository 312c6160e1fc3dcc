import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Child, studioIntroSeenEndpoint } from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";

/**
 * Records on the server that this parent has seen a child's studio introduction. The children list
 * says so at once, so no way into the studio leads through the introduction again; if recording
 * fails, the list is read again and the introduction shows once more another time (harmless).
 */
export function useMarkStudioIntroSeen(familyId: string | null) {
  const queryClient = useQueryClient();
  const key = childrenQueryKey(familyId ?? "none");
  return useMutation({
    mutationFn: (childId: number) =>
      callApi(studioIntroSeenEndpoint, { childId }, { organizationId: familyId ?? "" }),
    onMutate: async (childId) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Child[]>(key, (children) =>
        children?.map((child) => (child.id === childId ? { ...child, studioIntroSeen: true } : child)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
