import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateStorybookRequest,
  createStorybookEndpoint,
  type Storybook,
  storybooksEndpoint,
} from "@wonderkin/contract";
import { addOnsQueryKey } from "@/entities/billing/add-ons-queries";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { refetchBeforeMediaExpires } from "@/lib/signed-media";

/** While a book is being made, its progress is read this often. */
export const STORYBOOK_POLL_MS = 2_000;

export const storybooksQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "storybooks"] as const;

const isUnfinished = (book: Storybook) => book.status === "pending" || book.status === "processing";

/** A child's books and what this parent may still make; polled while one is being made. */
export function getStorybooksQueryOptions(familyId: string | null, childId: number) {
  return queryOptions({
    queryKey: storybooksQueryKey(familyId ?? "", childId),
    queryFn: () => callApi(storybooksEndpoint, { childId }, { organizationId: familyId ?? "" }),
    // Nothing is asked until the family is known.
    enabled: familyId !== null,
    refetchInterval: (query) =>
      query.state.data?.storybooks.some(isUnfinished)
        ? STORYBOOK_POLL_MS
        : refetchBeforeMediaExpires(query.state.data),
  });
}

export function useStorybooks(familyId: string | null, childId: number) {
  return useQuery(getStorybooksQueryOptions(familyId, childId));
}

/** Orders a book: the answer is the book being made, put at the top of the list at once. */
export function useCreateStorybook(familyId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateStorybookRequest) =>
      callApi(createStorybookEndpoint, request, { organizationId: familyId }),
    onSuccess: ({ storybook, allowance }) => {
      type Listed = { storybooks: Storybook[]; allowance: typeof allowance };
      queryClient.setQueryData<Listed>(storybooksQueryKey(familyId, storybook.childId), (old) => ({
        storybooks: [storybook, ...(old?.storybooks ?? []).filter(({ id }) => id !== storybook.id)],
        allowance,
      }));
      if (userId) void queryClient.invalidateQueries({ queryKey: addOnsQueryKey(userId) });
    },
  });
}
