// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Child,
  type Endpoint,
  startTrainingEndpoint,
  studioErrorCodes,
  type TrainingState,
  trainingStatusEndpoint,
} from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useChildTraining } from "@/entities/training/child-training";
import { ApiError, callApi } from "@/lib/api-client";
import { TrainingActions, TrainingStatus } from "./training-views";

// The network boundary: the training hook, its cache and the views above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const child: Child = {
  id: 7,
  firstName: "Mia",
  age: 6,
  birthDate: null,
  gender: "girl",
  trainingStatus: null,
  trainingFailureReason: null,
  photoCount: 10,
  studioIntroSeen: false,
  createdAt: "2026-11-22T09:00:00.000Z",
};
const state = (status: TrainingState["status"], progress = 0): TrainingState => ({
  childId: 7,
  status,
  progress,
  failureReason: null,
  startedAt: status === "started" ? new Date().toISOString() : null,
  completedAt: null,
});

function NextStep({ startProblem }: { startProblem: string | null }) {
  const training = useChildTraining("family-1", child);
  return (
    <TrainingActions
      training={training}
      child={child}
      minPhotos={10}
      canStart
      familyName="The Lovelaces"
      startProblem={training.start.isIdle ? startProblem : null}
    />
  );
}

function renderNextStep(startProblem: string | null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <NextStep startProblem={startProblem} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(cleanup);

describe("TrainingStatus", () => {
  it("says plainly that training has started, when, and that an e-mail follows", () => {
    render(<TrainingStatus state={state("started", 0)} child={child} minPhotos={10} />);
    expect(screen.getByTestId("training-started").textContent).toMatch(
      /^Training started just now\. We'll e-mail you when the studio is ready\./,
    );
  });

  it("says how long ago it started and, from its pace, about how long is left", () => {
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    render(
      <TrainingStatus
        state={{ ...state("started", 13), startedAt: threeMinutesAgo }}
        child={child}
        minPhotos={10}
      />,
    );
    expect(screen.getByTestId("training-started").textContent).toMatch(
      /^Training started 3 minutes ago — about 21 minutes left\. We'll e-mail you/,
    );
  });

  it("says plainly that training has not started yet", () => {
    render(<TrainingStatus state={state(null)} child={child} minPhotos={10} />);
    expect(screen.getByTestId("training-not-started").textContent).toBe(
      "Training hasn't started yet. Mia's photos are in.",
    );
    cleanup();
    render(<TrainingStatus state={state(null)} child={{ ...child, photoCount: 4 }} minPhotos={10} />);
    expect(screen.getByTestId("training-not-started").textContent).toBe(
      "Training hasn't started yet: it needs at least 10 photos.",
    );
  });
});

describe("TrainingActions after the start on Continue failed", () => {
  it("shows why next to the button that tries again, until it is pressed", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === trainingStatusEndpoint) return state(null);
      if (endpoint === startTrainingEndpoint) return state("started");
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderNextStep("We couldn't reach Wonderkin. Check your connection and try again.");

    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe(
      "Training didn't start. We couldn't reach Wonderkin. Check your connection and try again.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(callApiMock).toHaveBeenCalledWith(
      startTrainingEndpoint,
      { childId: 7 },
      { organizationId: "family-1" },
    );
    expect(
      await screen.findByText("Nothing to do: the studio opens here as soon as training ends."),
    ).toBeTruthy();
  });

  it("sends the parent to the marked photos when some look like someone else", async () => {
    const message =
      "Some photos look like a different person than Mia. Remove the marked photos, then start training.";
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === trainingStatusEndpoint) return state(null);
      if (endpoint === startTrainingEndpoint)
        throw new ApiError(409, studioErrorCodes.photosOfDifferentPeople, message, { photoIds: ["p2"] });
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderNextStep(null);
    await userEvent.click(screen.getByRole("button", { name: "Start training" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(message);
    const link = within(alert).getByRole("link", { name: "See the marked photos" });
    expect(link.getAttribute("href")).toBe("/kids/upload-images?child=7");
  });

  it("offers the plain start button when nothing went wrong", async () => {
    callApiMock.mockResolvedValue(state(null));
    renderNextStep(null);
    expect(screen.getByRole("button", { name: "Start training" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(trainingStatusEndpoint, { childId: 7 }, expect.anything()),
    );
  });
});
