// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import {
  type Endpoint,
  getUploadedImagesEndpoint,
  type TrainingStatus,
  type YearlyUpdateState,
  yearlyUpdateStateEndpoint,
} from "@wonderkin/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "@/lib/api-client";
import { testPhoto } from "../lib/test-photos";
import { UploadPhotosPage } from "./upload-photos-page";
import { type ChildFlow, useChildFlow } from "./use-child-flow";

// The network boundary: the queries above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// The parent, family and children are the flow's business, tested with it: here, an owner's.
vi.mock("./use-child-flow", () => ({ useChildFlow: vi.fn() }));
const useChildFlowMock = vi.mocked(useChildFlow);

const limits = { min: 10, max: 30, maxMegabytes: 15 };
// Trained in November 2025: one photo from before (it trained the model), one from this year.
const photos = [
  testPhoto("p-old", { createdAt: "2025-11-01T10:00:00.000Z" }),
  testPhoto("p-new", { createdAt: "2026-11-25T10:00:00.000Z" }),
];

function yearlyState(availableOn: string): YearlyUpdateState {
  return {
    childId: 7,
    status: null,
    progress: 0,
    failureReason: null,
    startedAt: null,
    completedAt: null,
    modelTrainedAt: "2025-11-20T10:00:00.000Z",
    newPhotosSince: "2025-11-20T09:40:00.000Z",
    availableOn,
    newPhotoCount: 1,
    minPhotos: 5,
    seriesRenders: [],
    seriesPending: false,
  };
}

function ownerFlow(trainingStatus: TrainingStatus): ChildFlow {
  return {
    familyId: "family-1",
    familyName: "The Smiths",
    role: "owner",
    consent: "current",
    canAddChild: true,
    canUpload: true,
    canDeletePhotos: true,
    canStartTraining: true,
    canGenerate: true,
    isPending: false,
    children: { isError: false, error: null, isFetching: false, refetch: vi.fn() },
    child: { id: 7, firstName: "Mia", trainingStatus, photoCount: photos.length },
  } as unknown as ChildFlow;
}

function renderPage(trainingStatus: TrainingStatus, availableOn: string) {
  useChildFlowMock.mockReturnValue(ownerFlow(trainingStatus));
  callApiMock.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === getUploadedImagesEndpoint) return { photos, limits };
    if (endpoint === yearlyUpdateStateEndpoint) return yearlyState(availableOn);
    throw new Error(`unexpected call to ${endpoint.path}`);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/kids/upload-images", element: <UploadPhotosPage /> }], {
    initialEntries: ["/kids/upload-images?child=7"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const askedForYearlyState = () =>
  callApiMock.mock.calls.some(([endpoint]) => endpoint === yearlyUpdateStateEndpoint);

beforeEach(() => {
  callApiMock.mockReset();
  useChildFlowMock.mockReset();
});
afterEach(cleanup);

describe("the upload page's mode", () => {
  it("is the yearly update's for a trained child: this year's photos only, and the update card", async () => {
    renderPage("completed", "2000-01-01");
    expect(await screen.findByRole("heading", { level: 2, name: "This year's update" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This year's photos of Mia");
    expect(screen.getByText(/Add at least 5 photos of Mia taken this year/)).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Adding your child" })).toBeNull();
    expect(screen.getByLabelText("Photos to upload")).toBeTruthy();
    const grid = screen.getByRole("list", { name: "Mia's photos" });
    expect(
      within(grid)
        .getAllByRole("listitem")
        .map((tile) => tile.dataset.photoId),
    ).toEqual(["p-new"]);
    expect(screen.queryByRole("link", { name: /^Continue/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Update Mia's likeness" })).toBeTruthy();
  });

  it("says when the model can be updated while it is still new, with no uploader", async () => {
    renderPage("completed", "2999-01-01");
    expect(await screen.findByText(/can be updated with new photos from/)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This year's photos of Mia");
    expect(screen.queryByLabelText("Photos to upload")).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Mia's likeness" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to Mia's studio" }).getAttribute("href")).toBe(
      "/kids/children/7/magic-studio",
    );
  });

  it("stays the first training's for a child not trained yet", async () => {
    renderPage(null, "2000-01-01");
    expect(await screen.findByLabelText("Photos to upload")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Photos of Mia");
    expect(screen.getByRole("navigation", { name: "Adding your child" })).toBeTruthy();
    const grid = screen.getByRole("list", { name: "Mia's photos" });
    expect(within(grid).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("heading", { name: "This year's update" })).toBeNull();
    expect(askedForYearlyState()).toBe(false);
  });
});
