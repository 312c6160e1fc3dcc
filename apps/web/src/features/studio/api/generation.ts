import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type EndpointRequest,
  type GeneratedImage,
  generateEndpoint,
  predictionStatusEndpoint,
  regenerateEndpoint,
  regenerateErrorEndpoint,
} from "@wonderkin/contract";
import { creditsQueryKey, storeCredits } from "@/entities/billing/billing-queries";
import { storeFamilyCredits } from "@/entities/billing/family-spending";
import { callApi } from "@/lib/api-client";
import { predictionPollInterval } from "../lib/image-polling";
import { addToGallery, galleryQueryKey, mergeIntoGallery } from "./gallery";

/**
 * A balance the server answered after spending or refunding credits: shown at once in the header
 * and the studio, then read again from the source.
 */
export function applyBalance(queryClient: QueryClient, userId: string | undefined, balance: number): void {
  if (!userId) return;
  storeCredits(queryClient, userId, balance);
  queryClient.setQueryData(creditsQueryKey(userId), balance);
  void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
}

type Scope = { familyId: string; childId: number; userId: string | undefined };

/** A spend's balance goes where it came from: the family's shared credits, or the parent's own. */
function applySpend(
  queryClient: QueryClient,
  { familyId, userId }: Scope,
  spent: { balance: number; paidBy: "you" | "family" },
): void {
  if (spent.paidBy !== "family") applyBalance(queryClient, userId, spent.balance);
  else if (userId) storeFamilyCredits(queryClient, { userId, familyId }, spent.balance);
}

/** Spends the credits and puts the pending portraits at the top of the gallery at once. */
export function useGenerate(scope: Scope) {
  const { familyId, childId } = scope;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<EndpointRequest<typeof generateEndpoint>, "childId">) =>
      callApi(generateEndpoint, { ...input, childId }, { organizationId: familyId }),
    onSuccess: (spent) => {
      addToGallery(queryClient, familyId, childId, spent.images);
      applySpend(queryClient, scope, spent);
    },
  });
}

/** The same style again with a new seed, for the same price: a new pending portrait. */
export function useRegenerate(scope: Scope) {
  const { familyId, childId } = scope;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => callApi(regenerateEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: (spent) => {
      addToGallery(queryClient, familyId, childId, [spent.image]);
      applySpend(queryClient, scope, spent);
    },
  });
}

/** Reports a portrait seen failing or stuck: the server settles it (refund, error, e-mail). */
export function useReportFailedImage({ familyId, childId, userId }: Scope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) =>
      callApi(regenerateErrorEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: ({ image, balance }) => {
      mergeIntoGallery(queryClient, familyId, childId, [image]);
      applyBalance(queryClient, userId, balance);
    },
  });
}

/**
 * Reads the state of the portraits being made every second and writes it into the gallery, until
 * none is left in the making. A new set of ids (one finished, more asked for) is a new watch.
 */
export function usePredictionStatus(
  { familyId, childId }: Omit<Scope, "userId">,
  imageIds: readonly string[],
) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...galleryQueryKey(familyId, childId), "progress", imageIds.join(",")],
    queryFn: async (): Promise<GeneratedImage[]> => {
      const { images } = await callApi(
        predictionStatusEndpoint,
        { imageIds: [...imageIds] },
        { organizationId: familyId },
      );
      mergeIntoGallery(queryClient, familyId, childId, images);
      return images;
    },
    enabled: imageIds.length > 0,
    staleTime: 0,
    gcTime: 5_000,
    retry: false,
    refetchInterval: (query) => predictionPollInterval(query.state.data, query.state.fetchFailureCount),
  });
}
