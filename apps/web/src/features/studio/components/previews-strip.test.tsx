// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  creditErrorCodes,
  creditMessages,
  type Endpoint,
  type Previews,
  previewsEndpoint,
  regenerateEndpoint,
  studioErrorCodes,
  studioMessages,
} from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { creditsQueryKey } from "@/entities/billing/billing-queries";
import { previewsQueryKey } from "@/entities/previews/previews-api";
import { makingPreview, testPreview } from "@/entities/previews/test-previews";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { galleryQueryKey } from "../api/gallery";
import { flattenGallery, type GalleryData } from "../lib/gallery";
import { pendingImage, testImage } from "../lib/test-images";
import { PreviewsStrip } from "./previews-strip";

// The network boundary: the queries, the mutation and their cache updates above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const scope = { familyId: "family-1", childId: 7, userId: "user-1" };
const ready: Previews = {
  status: "ready",
  images: [testPreview("p1", { styleId: "astronaut" }), testPreview("p2", { styleId: "fairy" })],
  byEmail: false,
  swapsLeft: 0,
};

function serve(previews: Previews, regenerate?: (imageId: string) => Promise<unknown>) {
  callApiMock.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint === previewsEndpoint) return previews;
    if (endpoint === regenerateEndpoint && regenerate)
      return regenerate((body as { imageId: string }).imageId);
    throw new Error(`unexpected call to ${endpoint.path}`);
  });
}

type Options = { balance?: number | null; canGenerate?: boolean; madeFrom?: ReadonlySet<string> };

function renderStrip(options: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The gallery as the studio has it: one portrait made earlier.
  queryClient.setQueryData<GalleryData>(galleryQueryKey("family-1", 7), {
    pages: [{ images: [testImage("older", { childId: 7 })], nextCursor: null }],
    pageParams: [undefined],
  });
  const onMade = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PreviewsStrip
          scope={scope}
          childName="Mia"
          balance={options.balance === undefined ? 5 : options.balance}
          canGenerate={options.canGenerate ?? true}
          madeFrom={options.madeFrom ?? new Set()}
          onOpen={() => undefined}
          onMade={onMade}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, onMade };
}

const tiles = () => within(screen.getByRole("list", { name: "Mia's previews" })).getAllByRole("listitem");
const makeButtons = () =>
  screen.queryAllByRole("button", { name: "Make this one with Mia's model · 1 credit" });

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe("PreviewsStrip", () => {
  it("shows the previews, marked Preview, each offering to be made with the child's model", async () => {
    serve(ready);
    renderStrip();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(screen.getByRole("heading", { name: "Mia's previews" })).toBeTruthy();
    for (const tile of tiles()) expect(within(tile).getByTestId("preview-badge").textContent).toBe("Preview");
    expect(within(tiles()[0] as HTMLElement).getByText("Astronaut")).toBeTruthy();
    expect(makeButtons()).toHaveLength(2);
  });

  it("makes a portrait from the preview with regenerate, puts it in the gallery and shows the balance", async () => {
    const made = pendingImage("new", { childId: 7, styleId: "fairy", regeneratedFromId: "p2" });
    serve(ready, async () => ({ image: made, balance: 4 }));
    const { queryClient, onMade } = renderStrip();
    await waitFor(() => expect(makeButtons()).toHaveLength(2));
    await userEvent.click(within(tiles()[1] as HTMLElement).getByRole("button", { name: /Make this one/ }));

    expect(callApiMock).toHaveBeenCalledWith(
      regenerateEndpoint,
      { imageId: "p2" },
      { organizationId: "family-1" },
    );
    await waitFor(() => expect(onMade).toHaveBeenCalledOnce());
    const gallery = flattenGallery(queryClient.getQueryData(galleryQueryKey("family-1", 7)));
    expect(gallery.map((image) => image.id)).toEqual(["new", "older"]);
    expect(queryClient.getQueryData(creditsQueryKey("user-1"))).toBe(4);
    expect(toast.success).toHaveBeenCalledWith("Your Fairy portrait is on its way.");
  });

  it("offers nothing on a preview still being made", async () => {
    serve({
      status: "making",
      images: [testPreview("p1"), makingPreview("p2")],
      byEmail: false,
      swapsLeft: 0,
    });
    renderStrip();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(makeButtons()).toHaveLength(1);
    expect(within(tiles()[1] as HTMLElement).getByTestId("preview-making")).toBeTruthy();
  });

  it("sends a parent without credits to top up instead", async () => {
    serve(ready);
    renderStrip({ balance: 0 });
    await waitFor(() => expect(makeButtons()).toHaveLength(2));
    for (const button of makeButtons()) expect(button).toHaveProperty("disabled", true);
    expect(screen.getByRole("link", { name: "Top up credits" })).toBeTruthy();
  });

  it("says why the portrait could not be made", async () => {
    serve(ready, async () => {
      throw new ApiError(402, creditErrorCodes.insufficientCredits, "No credits left.");
    });
    renderStrip();
    await waitFor(() => expect(makeButtons()).toHaveLength(2));
    await userEvent.click(makeButtons()[0] as HTMLElement);
    expect(await screen.findByText(creditMessages.insufficientCredits)).toBeTruthy();

    cleanup();
    serve(ready, async () => {
      throw new ApiError(409, studioErrorCodes.trainingNotCompleted, studioMessages.trainingNotCompleted);
    });
    renderStrip();
    await waitFor(() => expect(makeButtons()).toHaveLength(2));
    await userEvent.click(makeButtons()[0] as HTMLElement);
    expect(await screen.findByText(studioMessages.trainingNotCompleted)).toBeTruthy();
  });

  it("says plainly that making portraits is paused for a family an operator suspended", async () => {
    serve(ready, async () => {
      throw new ApiError(403, studioErrorCodes.familySuspended, studioMessages.familySuspended);
    });
    renderStrip();
    await waitFor(() => expect(makeButtons()).toHaveLength(2));
    await userEvent.click(makeButtons()[0] as HTMLElement);
    expect((await screen.findByRole("alert")).textContent).toBe(studioMessages.familySuspended);
    expect(screen.queryByText(/couldn't start the portrait/)).toBeNull();
  });

  it("marks a preview already made with the child's model", async () => {
    serve(ready);
    renderStrip({ madeFrom: new Set(["p1"]) });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(within(tiles()[0] as HTMLElement).getByText("Made with Mia's model")).toBeTruthy();
    expect(within(tiles()[1] as HTMLElement).queryByText("Made with Mia's model")).toBeNull();
  });

  it("shows the previews without the offer to a member who may not make portraits", async () => {
    serve(ready);
    renderStrip({ canGenerate: false });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(makeButtons()).toHaveLength(0);
  });

  it("shows nothing when there are no previews, or they could not be made", async () => {
    for (const status of ["none", "unavailable"] as const) {
      serve({ status, images: [], byEmail: false, swapsLeft: 0 });
      const { container, queryClient } = renderStrip();
      await waitFor(() => expect(queryClient.getQueryData(previewsQueryKey("family-1", 7))).toBeDefined());
      expect(container.innerHTML).toBe("");
      cleanup();
      callApiMock.mockReset();
    }
  });
});
