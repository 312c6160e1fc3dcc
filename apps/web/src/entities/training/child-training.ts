import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Child,
  manualTrainingCompletionEndpoint,
  startTrainingEndpoint,
  type TrainingState,
  trainingStatusEndpoint,
} from "@wonderkin/contract";
import { useEffect, useState } from "react";
import { markRefusedPhotos } from "@/entities/children/child-photos-cache";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { photosToAnswer } from "./start-on-continue";
import {
  canCheckTrainingAgain,
  TRAINING_CHECK_AGAIN_AFTER_MS,
  trainingPollInterval,
  trainingStateFromChild,
} from "./training-progress";

export const trainingQueryKey = (familyId: string, childId: number) =>
  [...childrenQueryKey(familyId), childId, "training"] as const;

/**
 * Keeps the children list (read by the route guard, the family page and every child page) in step
 * with a training state just read, without reading the whole list again.
 */
export function storeTrainingState(queryClient: QueryClient, familyId: string, state: TrainingState): void {
  queryClient.setQueryData(trainingQueryKey(familyId, state.childId), state);
  queryClient.setQueryData<Child[]>(childrenQueryKey(familyId), (children) =>
    children?.map((child) =>
      child.id === state.childId &&
      (child.trainingStatus !== state.status || child.trainingFailureReason !== state.failureReason)
        ? { ...child, trainingStatus: state.status, trainingFailureReason: state.failureReason }
        : child,
    ),
  );
}

/** The live training state of one child, read every 1.5 s while it runs. */
export function getTrainingQueryOptions(
  queryClient: QueryClient,
  familyId: string | null,
  childId: number | null,
  options: { enabled?: boolean } = {},
) {
  return queryOptions({
    queryKey: trainingQueryKey(familyId ?? "none", childId ?? 0),
    queryFn: async () => {
      const state = await callApi(
        trainingStatusEndpoint,
        { childId: childId ?? 0 },
        { organizationId: familyId ?? "" },
      );
      if (familyId) storeTrainingState(queryClient, familyId, state);
      return state;
    },
    enabled: Boolean(familyId && childId) && (options.enabled ?? true),
    staleTime: 0,
    refetchInterval: (query) => trainingPollInterval(query.state.data),
  });
}

/** Re-renders every `intervalMs` while `active`, for views that depend on the passing time. */
export function useNow(intervalMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}

/**
 * Starts (or, after a failure, retries) a child's training, and writes the answer where every page
 * reads it, so the progress page opens already showing the training under way. A start refused
 * because some photos look like someone else marks those photos in the child's photo list.
 */
export function useStartTraining(familyId: string | null, childId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(startTrainingEndpoint, { childId: childId ?? 0 }, { organizationId: familyId ?? "" }),
    onSuccess: (state) => {
      if (familyId) storeTrainingState(queryClient, familyId, state);
    },
    onError: (error) => {
      const refused = photosToAnswer(error);
      if (refused && familyId && childId) markRefusedPhotos(queryClient, familyId, childId, refused);
    },
  });
}

/**
 * Everything a page needs about one child's training: the live state (the children list's word for
 * it until read), starting or retrying it, and "Check again" once it has run unusually long.
 */
export function useChildTraining(familyId: string | null, child: Child | null) {
  const queryClient = useQueryClient();
  const childId = child?.id ?? null;
  // A trained model stays trained: nothing to ask about.
  const status = useQuery(
    getTrainingQueryOptions(queryClient, familyId, childId, {
      enabled: child?.trainingStatus !== "completed",
    }),
  );
  const context = { organizationId: familyId ?? "" };
  const start = useStartTraining(familyId, childId);
  const checkAgain = useMutation({
    mutationFn: () => callApi(manualTrainingCompletionEndpoint, { childId: childId ?? 0 }, context),
    onSuccess: (state) => {
      if (familyId) storeTrainingState(queryClient, familyId, state);
    },
  });

  const fromList = child ? trainingStateFromChild(child) : null;
  // The list may know of a completion the last poll did not see yet (another tab, a webhook).
  const state =
    status.data && !(fromList?.status === "completed" && status.data.status !== "completed")
      ? status.data
      : fromList;
  const running = state?.status === "started";
  const now = useNow(Math.min(TRAINING_CHECK_AGAIN_AFTER_MS, 10_000), running);

  return {
    state,
    statusQuery: status,
    start,
    checkAgain,
    canCheckAgain: canCheckTrainingAgain(state ?? undefined, now),
  };
}

export type ChildTraining = ReturnType<typeof useChildTraining>;
