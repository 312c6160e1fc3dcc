// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Endpoint,
  findStyle,
  startYearlyUpdateEndpoint,
  studioErrorCodes,
  type UploadedPhoto,
  type YearlyUpdateState,
  yearlyUpdateErrorCodes,
} from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, callApi } from "@/lib/api-client";
import { formatDate } from "@/lib/format-date";
import { childPhotosQueryKey } from "../api/child-photos";
import { yearlyUpdateQueryKey } from "../api/yearly-update";
import { testPhoto } from "../lib/test-photos";
import { YearlyUpdateCard } from "./yearly-update-card";

// The network boundary: the mutation and the cache above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const child = { id: 7, firstName: "Mia" };

function yearlyState(overrides: Partial<YearlyUpdateState> = {}): YearlyUpdateState {
  return {
    childId: 7,
    status: null,
    progress: 0,
    failureReason: null,
    startedAt: null,
    completedAt: null,
    modelTrainedAt: "2025-11-20T10:00:00.000Z",
    newPhotosSince: "2025-11-20T09:40:00.000Z",
    availableOn: "2026-11-20",
    newPhotoCount: 3,
    minPhotos: 5,
    seriesRenders: [],
    seriesPending: false,
    ...overrides,
  };
}

function renderCard(
  state: YearlyUpdateState,
  options: { uploading?: boolean; mayStart?: boolean; canUpdateNow?: boolean } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <YearlyUpdateCard
          familyId="family-1"
          child={child}
          state={state}
          uploading={options.uploading ?? false}
          mayStart={options.mayStart ?? true}
          canUpdateNow={options.canUpdateNow}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

const updateButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Update Mia's likeness" });

beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(cleanup);

describe("the yearly update card", () => {
  it("counts the new photos against the minimum and waits for enough of them", () => {
    renderCard(yearlyState({ newPhotoCount: 3, minPhotos: 5 }));
    expect(screen.getByTestId("new-photo-count").textContent).toBe("3 of 5 new photos");
    const bar = screen.getByRole("progressbar", { name: "New photos" });
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(bar.getAttribute("aria-valuemax")).toBe("5");
    expect(screen.getByText(/The studio keeps making portraits with the current one meanwhile/)).toBeTruthy();
    expect(updateButton().disabled).toBe(true);
    expect(screen.getByText("Add 2 more photos from this year to update.")).toBeTruthy();
  });

  it("waits while photos are still on their way", () => {
    renderCard(yearlyState({ newPhotoCount: 5 }), { uploading: true });
    expect(updateButton().disabled).toBe(true);
    expect(screen.getByText("Update once the uploads finish.")).toBeTruthy();
  });

  it("tells a parent who may not start it who can", () => {
    renderCard(yearlyState({ newPhotoCount: 5 }), { mayStart: false });
    expect(screen.queryByRole("button", { name: "Update Mia's likeness" })).toBeNull();
    expect(screen.getByText("An owner or admin of the family can start the update.")).toBeTruthy();
  });

  it("starts the update with enough photos, and shows the answer at once", async () => {
    const started = yearlyState({ status: "started", progress: 0, newPhotoCount: 5 });
    callApiMock.mockResolvedValue(started);
    const { queryClient } = renderCard(yearlyState({ newPhotoCount: 5 }));
    expect(updateButton().disabled).toBe(false);

    await userEvent.click(updateButton());
    expect(callApiMock).toHaveBeenCalledTimes(1);
    const [endpoint, body, context] = callApiMock.mock.calls[0] as [Endpoint, unknown, unknown];
    expect(endpoint).toBe(startYearlyUpdateEndpoint);
    expect(body).toEqual({ childId: 7 });
    expect(context).toEqual({ organizationId: "family-1" });
    await waitFor(() =>
      expect(queryClient.getQueryData(yearlyUpdateQueryKey("family-1", 7))).toEqual(started),
    );
  });

  it("shows the progress while the update runs, with no button", () => {
    renderCard(yearlyState({ status: "started", progress: 40, newPhotoCount: 5 }));
    const bar = screen.getByRole("progressbar", { name: "Updating Mia's likeness" });
    expect(bar.getAttribute("aria-valuenow")).toBe("40");
    expect(screen.getByText("Updating Mia's likeness… The studio keeps working meanwhile.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says why the last update failed, and offers to try again", () => {
    renderCard(
      yearlyState({ status: "failed", failureReason: "The model could not be trained.", newPhotoCount: 5 }),
    );
    expect(screen.getByTestId("yearly-update-failed").textContent).toContain(
      "The model could not be trained.",
    );
    expect(updateButton().disabled).toBe(false);
  });

  it("says when the update was done and what each yearly series got", () => {
    const completedAt = "2026-11-25T10:00:00.000Z";
    renderCard(
      yearlyState({
        status: "completed",
        completedAt,
        seriesRenders: [
          { styleId: "astronaut", imageId: "image-1", problem: null },
          { styleId: "unknown-style", imageId: null, problem: "Not enough credits." },
        ],
      }),
      { canUpdateNow: false },
    );
    const done = within(screen.getByTestId("yearly-update-completed"));
    expect(done.getByText(`Updated on ${formatDate(completedAt)}`)).toBeTruthy();
    const lines = done.getAllByRole("listitem").map((line) => line.textContent);
    expect(lines).toEqual([
      `${findStyle("astronaut")?.title}: this year's portrait is in the studio`,
      "unknown-style: not made — Not enough credits.",
    ]);
    expect(
      done.getByRole("link", { name: "this year's portrait is in the studio" }).getAttribute("href"),
    ).toBe("/kids/children/7/magic-studio");
    // Too soon for another update: nothing to start.
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says the series' portraits are on their way until they are asked for", () => {
    renderCard(
      yearlyState({ status: "completed", completedAt: "2026-11-25T10:00:00.000Z", seriesPending: true }),
      {
        canUpdateNow: false,
      },
    );
    expect(screen.getByRole("status").textContent).toBe("Making this year's portrait of each yearly series…");
  });

  it("shows why a start was refused", async () => {
    const message = "Add at least 5 photos of Mia taken this year, then update.";
    callApiMock.mockRejectedValue(new ApiError(409, yearlyUpdateErrorCodes.needsPhotos, message));
    renderCard(yearlyState({ newPhotoCount: 5 }));
    await userEvent.click(updateButton());
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("marks the photos a refused start named, as the first training does", async () => {
    const message = "Some photos look like a different person than Mia.";
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === startYearlyUpdateEndpoint)
        throw new ApiError(409, studioErrorCodes.photosOfDifferentPeople, message, { photoIds: ["p2"] });
      // Reading the photos or the state again after the refusal: never answered here.
      return new Promise(() => {});
    });
    const { queryClient } = renderCard(yearlyState({ newPhotoCount: 5 }));
    const photosKey = childPhotosQueryKey("family-1", 7);
    const limits = { min: 5, max: 30, maxMegabytes: 15 };
    queryClient.setQueryData(photosKey, { photos: [testPhoto("p1"), testPhoto("p2")], limits });

    await userEvent.click(updateButton());
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    const photos = queryClient.getQueryData<{ photos: UploadedPhoto[] }>(photosKey)?.photos ?? [];
    expect(photos.map((photo) => [photo.id, photo.identity])).toEqual([
      ["p1", "match"],
      ["p2", "different"],
    ]);
  });
});
