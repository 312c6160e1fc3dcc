// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Endpoint,
  getUploadedImagesEndpoint,
  startTrainingEndpoint,
  studioErrorCodes,
  type TrainingStatus,
  type UploadedPhoto,
} from "@wonderkin/contract";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trainingQueryKey } from "@/entities/training/child-training";
import { trainingStartProblemOf } from "@/entities/training/start-on-continue";
import { ApiError, callApi } from "@/lib/api-client";
import { childPhotosQueryKey } from "../api/child-photos";
import { testPhoto } from "../lib/test-photos";
import { PhotoCountCard } from "./photo-count-card";
import { useContinueToTraining } from "./use-continue-to-training";

// The network boundary: everything above it (mutation, cache, navigation) is the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const limits = { min: 10, max: 30, maxMegabytes: 15 };
const progressPath = "/kids/add-children/in-progress?child=7";
const startedState = {
  childId: 7,
  status: "started" as const,
  progress: 0,
  failureReason: null,
  startedAt: "2026-11-22T10:00:00.000Z",
  completedAt: null,
};

function UploadStep({ canStart, trainingStatus }: { canStart: boolean; trainingStatus: TrainingStatus }) {
  const proceed = useContinueToTraining({
    familyId: "family-1",
    child: { id: 7, trainingStatus },
    canStart,
    photoCount: 10,
    minPhotos: limits.min,
    to: progressPath,
  });
  return (
    <>
      <PhotoCountCard
        count={10}
        limits={limits}
        uploading={false}
        continueTo={progressPath}
        onContinue={proceed.onContinue}
        startsTraining={proceed.startsTraining}
        starting={proceed.starting}
      />
      {proceed.photosProblem ? <p data-testid="photos-problem">{proceed.photosProblem}</p> : null}
    </>
  );
}

function ProgressPage() {
  const location = useLocation();
  return (
    <p data-testid="progress-page">{trainingStartProblemOf(location.state) ?? "no problem handed over"}</p>
  );
}

function renderUploadStep(props: { canStart: boolean; trainingStatus: TrainingStatus }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: "/kids/upload-images", element: <UploadStep {...props} /> },
      { path: "/kids/add-children/in-progress", element: <ProgressPage /> },
    ],
    { initialEntries: ["/kids/upload-images?child=7"] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

const continueLink = () => screen.getByRole("link", { name: /^Continue/ });

beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(cleanup);

describe("Continue at the end of the upload step", () => {
  it("starts the training, then opens the progress page already showing it under way", async () => {
    let answer: (state: typeof startedState) => void = () => {};
    callApiMock.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve as typeof answer;
        }),
    );
    const { queryClient, router } = renderUploadStep({ canStart: true, trainingStatus: null });
    expect(screen.getByText("Continue starts the training with these photos.")).toBeTruthy();

    await userEvent.click(continueLink());
    // While the server answers: visibly working, and not pressable twice.
    const working = await screen.findByRole("button", { name: "Starting the training…" });
    expect((working as HTMLButtonElement).disabled).toBe(true);
    expect(router.state.location.pathname).toBe("/kids/upload-images");
    expect(callApiMock).toHaveBeenCalledTimes(1);
    const [endpoint, body, context] = callApiMock.mock.calls[0] as [Endpoint, unknown, unknown];
    expect(endpoint).toBe(startTrainingEndpoint);
    expect(body).toEqual({ childId: 7 });
    expect(context).toEqual({ organizationId: "family-1" });

    answer(startedState);
    expect((await screen.findByTestId("progress-page")).textContent).toBe("no problem handed over");
    expect(router.state.location.search).toBe("?child=7");
    expect(queryClient.getQueryData(trainingQueryKey("family-1", 7))).toEqual(startedState);
  });

  it("says at once that the start failed, and hands why to the progress page", async () => {
    callApiMock.mockRejectedValue(
      new ApiError(0, "NETWORK_ERROR", "We couldn't reach Wonderkin. Check your connection and try again."),
    );
    renderUploadStep({ canStart: true, trainingStatus: null });
    await userEvent.click(continueLink());
    expect((await screen.findByTestId("progress-page")).textContent).toBe(
      "We couldn't reach Wonderkin. Check your connection and try again.",
    );
    expect(
      await screen.findByText(
        "Training didn't start. We couldn't reach Wonderkin. Check your connection and try again.",
      ),
    ).toBeTruthy();
  });

  it("stays on the upload page when photos look like someone else, marking them and saying why", async () => {
    const message =
      "Some photos look like a different person than Mia. Remove the marked photos, then start training.";
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === startTrainingEndpoint)
        throw new ApiError(409, studioErrorCodes.photosOfDifferentPeople, message, { photoIds: ["p2"] });
      if (endpoint === getUploadedImagesEndpoint)
        return { photos: [testPhoto("p1"), testPhoto("p2", { identity: "different" })], limits };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const { queryClient, router } = renderUploadStep({ canStart: true, trainingStatus: null });
    const photosKey = childPhotosQueryKey("family-1", 7);
    queryClient.setQueryData(photosKey, { photos: [testPhoto("p1"), testPhoto("p2")], limits });

    await userEvent.click(continueLink());
    expect((await screen.findByTestId("photos-problem")).textContent).toBe(message);
    expect(await screen.findByText(`Training didn't start. ${message}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/kids/upload-images");
    expect(screen.queryByTestId("progress-page")).toBeNull();
    // The photos the server named are marked at once, and the list is read again.
    const photos = queryClient.getQueryData<{ photos: UploadedPhoto[] }>(photosKey)?.photos ?? [];
    expect(photos.map((photo) => [photo.id, photo.identity])).toEqual([
      ["p1", "match"],
      ["p2", "different"],
    ]);
    expect(queryClient.getQueryState(photosKey)?.isInvalidated).toBe(true);
  });

  it("stays on the upload page while adult-looking photos wait for an answer, marking them", async () => {
    const message =
      "Some photos look like an adult. Tell us whether each one is Mia (keep it) or remove it, then start training.";
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === startTrainingEndpoint)
        throw new ApiError(409, studioErrorCodes.adultQuestionsOpen, message, { photoIds: ["p1"] });
      if (endpoint === getUploadedImagesEndpoint)
        return { photos: [testPhoto("p1", { looksAdult: true }), testPhoto("p2")], limits };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const { queryClient, router } = renderUploadStep({ canStart: true, trainingStatus: null });
    const photosKey = childPhotosQueryKey("family-1", 7);
    queryClient.setQueryData(photosKey, { photos: [testPhoto("p1"), testPhoto("p2")], limits });

    await userEvent.click(continueLink());
    expect((await screen.findByTestId("photos-problem")).textContent).toBe(message);
    expect(router.state.location.pathname).toBe("/kids/upload-images");
    const photos = queryClient.getQueryData<{ photos: UploadedPhoto[] }>(photosKey)?.photos ?? [];
    expect(photos.map((photo) => [photo.id, photo.looksAdult])).toEqual([
      ["p1", true],
      ["p2", false],
    ]);
  });

  it("goes on quietly when the training was already started elsewhere", async () => {
    callApiMock.mockRejectedValue(new ApiError(409, studioErrorCodes.trainingInProgress, "Already running."));
    renderUploadStep({ canStart: true, trainingStatus: null });
    await userEvent.click(continueLink());
    expect((await screen.findByTestId("progress-page")).textContent).toBe("no problem handed over");
  });

  it("only moves on for a parent who may not start the training, or once it has run", async () => {
    for (const props of [
      { canStart: false, trainingStatus: null },
      { canStart: true, trainingStatus: "failed" as const },
    ]) {
      renderUploadStep(props);
      expect(screen.queryByText("Continue starts the training with these photos.")).toBeNull();
      await userEvent.click(continueLink());
      expect((await screen.findByTestId("progress-page")).textContent).toBe("no problem handed over");
      cleanup();
    }
    expect(callApiMock).not.toHaveBeenCalled();
  });
});
