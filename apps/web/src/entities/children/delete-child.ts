import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Child, deleteChildEndpoint, type EndpointRequest } from "@wonderkin/contract";
import { paths } from "@/config/paths";
import { callApi } from "@/lib/api-client";
import { childrenQueryKey } from "./get-children";

export type DeleteChildInput = EndpointRequest<typeof deleteChildEndpoint>;

/** Deletes a child and everything of it (owners only); the parent confirms with the first name. */
export function deleteChild(input: DeleteChildInput, familyId: string) {
  return callApi(deleteChildEndpoint, input, { organizationId: familyId });
}

/**
 * After a deletion: whatever was cached about the child (photos, training, portraits, all under
 * [...children, childId]) is dropped rather than read again (it would only answer 404), the child
 * leaves the cached list at once (so the route guard never sends anyone to its studio meanwhile),
 * then the family's list of children and the families list are read afresh.
 */
export function forgetChild(queryClient: QueryClient, familyId: string, childId: number): Promise<unknown> {
  queryClient.removeQueries({ queryKey: [...childrenQueryKey(familyId), childId] });
  queryClient.setQueryData<Child[]>(childrenQueryKey(familyId), (children) =>
    children?.filter((child) => child.id !== childId),
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: childrenQueryKey(familyId), exact: true }),
    queryClient.invalidateQueries({ queryKey: ["families"] }),
  ]);
}

/** For one family, named explicitly (a family switch in another tab mid-action cannot redirect it). */
export function useDeleteChild(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteChildInput) => deleteChild(input, familyId),
    // Not awaited: the refreshed list no longer holds the row whose dialog started this.
    onSuccess: (_result, input) => {
      void forgetChild(queryClient, familyId, input.childId);
    },
  });
}

/**
 * Where a page about a child goes once that child is deleted: the studio of the next child of the
 * family, or the styles when none is left (where a new child can be added).
 */
export function pathAfterChildDeleted(children: readonly { id: number }[], deletedId: number): string {
  const next = children.find((child) => child.id !== deletedId);
  return next ? paths.magicStudio(next.id) : paths.chooseTheme;
}
