import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addChildEndpoint, type Child, type EndpointRequest } from "@wonderkin/contract";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";

export type AddChildInput = EndpointRequest<typeof addChildEndpoint>;

export function addChild(input: AddChildInput, familyId: string) {
  return callApi(addChildEndpoint, input, { organizationId: familyId });
}

/** Adds a child to the family named (not "whichever is current when it answers"). */
export function useAddChild(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddChildInput) => addChild(input, familyId),
    onSuccess: (child) => {
      // In the list at once (the route guard and the next page read it), then confirmed by the server.
      queryClient.setQueryData<Child[]>(childrenQueryKey(familyId), (children) =>
        children ? [...children.filter((existing) => existing.id !== child.id), child] : [child],
      );
      void queryClient.invalidateQueries({ queryKey: childrenQueryKey(familyId), exact: true });
    },
  });
}
