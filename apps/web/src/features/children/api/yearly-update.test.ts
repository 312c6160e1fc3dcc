import { QueryClient } from "@tanstack/react-query";
import type { YearlyUpdateState } from "@wonderkin/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { childrenQueryKey } from "@/entities/children/get-children";
import { callApi } from "@/lib/api-client";
import { childPhotosQueryKey } from "./child-photos";
import { getYearlyUpdateQueryOptions, YEARLY_UPDATE_POLL_MS } from "./yearly-update";

// The network boundary: the query and the cache above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const state = (status: YearlyUpdateState["status"]): YearlyUpdateState => ({
  childId: 7,
  status,
  progress: status === "started" ? 40 : 0,
  failureReason: null,
  startedAt: null,
  completedAt: null,
  modelTrainedAt: "2025-11-20T10:00:00.000Z",
  newPhotosSince: "2025-11-20T09:40:00.000Z",
  availableOn: "2026-11-20",
  newPhotoCount: 5,
  minPhotos: 5,
  seriesRenders: [],
  seriesPending: false,
});

beforeEach(() => {
  callApiMock.mockReset();
});

describe("the yearly update's state", () => {
  it("is read every 3 s while the update runs or its portraits are asked for, and not otherwise", () => {
    const queryClient = new QueryClient();
    const options = getYearlyUpdateQueryOptions(queryClient, "family-1", 7);
    const interval = options.refetchInterval as (query: { state: { data?: YearlyUpdateState } }) => unknown;
    expect(interval({ state: { data: state("started") } })).toBe(YEARLY_UPDATE_POLL_MS);
    expect(interval({ state: { data: state("completed") } })).toBe(false);
    // Completed, its series' portraits still being asked for: read again until they are.
    expect(interval({ state: { data: { ...state("completed"), seriesPending: true } } })).toBe(
      YEARLY_UPDATE_POLL_MS,
    );
    expect(interval({ state: {} })).toBe(false);
  });

  it("reads the child's photos and the children again once a running update completes", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(childPhotosQueryKey("family-1", 7), { photos: [], limits: {} });
    queryClient.setQueryData(childrenQueryKey("family-1"), []);
    const options = getYearlyUpdateQueryOptions(queryClient, "family-1", 7);

    callApiMock.mockResolvedValueOnce(state("started"));
    await queryClient.fetchQuery(options);
    expect(queryClient.getQueryState(childPhotosQueryKey("family-1", 7))?.isInvalidated).toBe(false);

    callApiMock.mockResolvedValueOnce(state("completed"));
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(queryClient.getQueryState(childPhotosQueryKey("family-1", 7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(childrenQueryKey("family-1"))?.isInvalidated).toBe(true);
  });
});
