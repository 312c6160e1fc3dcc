import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createVideoEndpoint, type PortraitVideo, videoStatusEndpoint } from "@wonderkin/contract";
import { addOnsQueryKey } from "@/entities/billing/add-ons-queries";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";

/** While a clip is being made, its progress is read this often. */
export const VIDEO_POLL_MS = 1_500;

export const videoQueryKey = (familyId: string, imageId: string) =>
  [...childrenQueryKey(familyId), "videos", imageId] as const;

const isUnfinished = (video: PortraitVideo | null | undefined) =>
  video?.status === "pending" || video?.status === "processing";

/** A portrait's latest clip, or null; polled while it is being made. */
export function getVideoQueryOptions(familyId: string, imageId: string, enabled = true) {
  return queryOptions({
    queryKey: videoQueryKey(familyId, imageId),
    queryFn: async () =>
      (await callApi(videoStatusEndpoint, { imageIds: [imageId] }, { organizationId: familyId })).videos[0] ??
      null,
    enabled,
    // The addresses are signed and short-lived: read again when the viewer comes back to it.
    staleTime: 60_000,
    refetchInterval: (query) => (isUnfinished(query.state.data) ? VIDEO_POLL_MS : false),
  });
}

export function usePortraitVideo(familyId: string, imageId: string, enabled = true) {
  return useQuery(getVideoQueryOptions(familyId, imageId, enabled));
}

/** "Create video": spends one of the parent's clips; the answer is the clip being made. */
export function useCreateVideo(familyId: string, userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => callApi(createVideoEndpoint, { imageId }, { organizationId: familyId }),
    onSuccess: ({ video }) => {
      queryClient.setQueryData(videoQueryKey(familyId, video.imageId), video);
      if (userId) void queryClient.invalidateQueries({ queryKey: addOnsQueryKey(userId) });
    },
  });
}
