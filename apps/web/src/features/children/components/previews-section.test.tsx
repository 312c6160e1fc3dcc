// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  categories,
  type Endpoint,
  findStyle,
  type Previews,
  previewsByEmailEndpoint,
  previewsEndpoint,
  studioErrorCodes,
  studioMessages,
  swapPreviewStyleEndpoint,
  type TrainingStatus,
} from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { previewsQueryKey } from "@/entities/previews/previews-api";
import { makingPreview, testPreview } from "@/entities/previews/test-previews";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { PreviewsSection } from "./previews-section";

// The network boundary: the query, its polling and the optimistic switch above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ready: Previews = {
  status: "ready",
  images: [testPreview("p1", { styleId: "astronaut" }), testPreview("p2", { styleId: "fairy" })],
  byEmail: false,
  swapsLeft: 0,
};

type Swap = { imageId: string; styleId: string };

/** Answers the previews endpoint from `current()` (which a test may move on). */
function serve(
  current: () => Previews,
  byEmail?: (body: { byEmail: boolean }) => Promise<unknown>,
  swap?: (body: Swap) => Promise<Previews>,
) {
  callApiMock.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    if (endpoint === previewsEndpoint) return current();
    if (endpoint === previewsByEmailEndpoint && byEmail) return byEmail(body as { byEmail: boolean });
    if (endpoint === swapPreviewStyleEndpoint && swap) return swap(body as Swap);
    throw new Error(`unexpected call to ${endpoint.path}`);
  });
}

function renderSection(
  options: {
    trainingStatus?: TrainingStatus;
    canStartTraining?: boolean;
    canGenerate?: boolean;
    photosReady?: boolean;
  } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <PreviewsSection
        familyId="family-1"
        child={{
          id: 7,
          firstName: "Mia",
          trainingStatus: options.trainingStatus === undefined ? "started" : options.trainingStatus,
        }}
        canStartTraining={options.canStartTraining ?? true}
        canGenerate={options.canGenerate ?? true}
        entitlements={null}
        photosReady={options.photosReady ?? true}
      />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

const tiles = () => within(screen.getByRole("list", { name: "Mia's previews" })).getAllByRole("listitem");
const emailSwitch = () =>
  screen.getByRole("checkbox", { name: "Attach the previews to the e-mail that says Mia's studio is ready" });

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe("PreviewsSection: what the parent sees", () => {
  it("shows the finished previews, each marked Preview and titled by its style", async () => {
    serve(() => ready);
    renderSection();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const [astronaut, fairy] = tiles().map((tile) => within(tile));
    expect(astronaut?.getByTestId("preview-badge").textContent).toBe("Preview");
    expect(astronaut?.getByText("Astronaut")).toBeTruthy();
    expect(fairy?.getByTestId("preview-badge").textContent).toBe("Preview");
    expect(fairy?.getByText("Fairy")).toBeTruthy();
    // The small thumbnail, not the full picture.
    expect(astronaut?.getByRole("img").getAttribute("src")).toBe("/media/p1.webp?sig=1&size=thumbnail");
    expect(astronaut?.getByRole("img").getAttribute("alt")).toBe("Mia as Astronaut, a preview");
    expect(screen.getByTestId("previews-section").textContent).toContain(
      "Free previews, made from Mia's photos while the model trains. Portraits from Mia's own model look more like Mia.",
    );
    expect(callApiMock).toHaveBeenCalledWith(
      previewsEndpoint,
      { childId: 7 },
      { organizationId: "family-1" },
    );
  });

  it("shows a preview still being made as a shimmer that says so, with its progress", async () => {
    serve(() => ({
      status: "making",
      images: [testPreview("p1"), makingPreview("p2", { styleId: "fairy", progress: 40 })],
      byEmail: false,
      swapsLeft: 0,
    }));
    renderSection();
    await waitFor(() => expect(tiles()).toHaveLength(2));
    const making = within(tiles()[1] as HTMLElement);
    expect(making.getByTestId("preview-making").textContent).toBe("Making…40%");
    expect(making.getByRole("progressbar", { name: "Making the Fairy preview" })).toBeTruthy();
    expect(making.queryByRole("img")).toBeNull();
    expect(making.queryByTestId("preview-badge")).toBeNull();
    expect(making.getByText("Fairy")).toBeTruthy();
    expect(tiles()[1]?.getAttribute("aria-busy")).toBe("true");
  });

  it("fills in each preview as it is done, reading again while they are being made", async () => {
    let answer: Previews = { status: "making", images: [makingPreview("p1")], byEmail: false, swapsLeft: 0 };
    serve(() => answer);
    renderSection();
    await waitFor(() => expect(screen.getByTestId("preview-making")).toBeTruthy());
    answer = { status: "ready", images: [testPreview("p1")], byEmail: false, swapsLeft: 0 };
    await waitFor(() => expect(screen.getByTestId("preview-badge")).toBeTruthy());
    expect(screen.queryByTestId("preview-making")).toBeNull();
  });

  it("says only one calm line when previews are unavailable", async () => {
    serve(() => ({ status: "unavailable", images: [], byEmail: false, swapsLeft: 0 }));
    const { container } = renderSection();
    await waitFor(() => expect(screen.getByTestId("previews-unavailable")).toBeTruthy());
    expect(container.textContent).toBe(studioMessages.previewsUnavailable);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByTestId("previews-unavailable").className).not.toMatch(/danger/);
  });

  it("shows nothing when no preview set was made", async () => {
    serve(() => ({ status: "none", images: [], byEmail: false, swapsLeft: 0 }));
    const { container, queryClient } = renderSection();
    await waitFor(() => expect(queryClient.getQueryData(previewsQueryKey("family-1", 7))).toBeDefined());
    expect(container.innerHTML).toBe("");
  });

  it("does not ask before the child has the photos a set needs", () => {
    serve(() => ready);
    const { container } = renderSection({ trainingStatus: null, photosReady: false });
    expect(callApiMock).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe("");
  });

  it("stays once training has ended, with the studio's offer in the words", async () => {
    serve(() => ready);
    renderSection({ trainingStatus: "completed" });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(screen.getByTestId("previews-section").textContent).toContain(
      "while the model trained. Portraits from Mia's own model look more like Mia: in the studio, you can make any of these with it.",
    );
    // The "studio ready" e-mail has gone by then.
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});

describe("PreviewsSection: the e-mail switch", () => {
  it("is offered only to parents who may start training", async () => {
    serve(() => ready);
    renderSection({ canStartTraining: false });
    await waitFor(() => expect(tiles()).toHaveLength(2));
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("moves at once and asks the server to send the previews with the e-mail", async () => {
    let answer = ready;
    let settle: (value: { byEmail: boolean }) => void = () => {};
    serve(
      () => answer,
      ({ byEmail }) =>
        new Promise((resolve) => {
          settle = resolve;
          answer = { ...ready, byEmail };
        }),
    );
    renderSection();
    await waitFor(() => expect(emailSwitch()).toHaveProperty("checked", false));
    await userEvent.click(emailSwitch());
    expect(callApiMock).toHaveBeenCalledWith(
      previewsByEmailEndpoint,
      { childId: 7, byEmail: true },
      { organizationId: "family-1" },
    );
    // Ticked before the server has answered.
    expect(emailSwitch()).toHaveProperty("checked", true);
    settle({ byEmail: true });
    await waitFor(() => expect(emailSwitch()).toHaveProperty("checked", true));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("moves back with a toast when the server refuses", async () => {
    serve(
      () => ({ ...ready, byEmail: true }),
      async () => {
        throw new ApiError(500, "INTERNAL_ERROR", "Something went wrong.");
      },
    );
    renderSection();
    await waitFor(() => expect(emailSwitch()).toHaveProperty("checked", true));
    await userEvent.click(emailSwitch());
    await waitFor(() => expect(toast.error).toHaveBeenCalledOnce());
    expect(emailSwitch()).toHaveProperty("checked", true);
  });
});

describe("PreviewsSection: changing a preview's style", () => {
  // One preview in a popular style (Fairy), one in another (Astronaut), one still being made.
  const swappable: Previews = {
    status: "making",
    images: [
      testPreview("p1", { styleId: "astronaut" }),
      testPreview("p2", { styleId: "fairy" }),
      makingPreview("p3", { styleId: "birthday" }),
    ],
    byEmail: false,
    swapsLeft: 2,
  };
  const popularIds = categories.find((category) => category.id === "popular")?.styleIds ?? [];
  const titleOf = (styleId: string) => findStyle(styleId)?.title;
  const changeButtons = () => screen.queryAllByRole("button", { name: /^Change style/ });
  // The dialog loads on the first click.
  const findDialog = () => screen.findByRole("dialog", { name: "Change this preview's style" });

  it("is offered under each finished preview to parents who may make portraits", async () => {
    serve(() => swappable);
    renderSection({ canStartTraining: false });
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const [astronaut, fairy, making] = tiles().map((tile) => within(tile));
    expect(astronaut?.getByRole("button", { name: "Change style of the Astronaut preview" })).toBeTruthy();
    expect(fairy?.getByRole("button", { name: "Change style of the Fairy preview" })).toBeTruthy();
    expect(making?.queryByRole("button")).toBeNull();
    expect(changeButtons()).toHaveLength(2);
  });

  it("is not offered without the permission to make portraits", async () => {
    serve(() => swappable);
    renderSection({ canGenerate: false });
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(changeButtons()).toHaveLength(0);
  });

  it("is not offered once the set's style changes are used, nor after training", async () => {
    serve(() => ({ ...swappable, swapsLeft: 0 }));
    const first = renderSection();
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(changeButtons()).toHaveLength(0);
    first.unmount();

    serve(() => swappable);
    renderSection({ trainingStatus: "completed" });
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(changeButtons()).toHaveLength(0);
  });

  it("lists the popular styles the set does not show yet, and the changes left", async () => {
    serve(() => swappable);
    renderSection();
    await waitFor(() => expect(changeButtons()).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Change style of the Fairy preview" }));
    const dialog = within(await findDialog());
    const offered = dialog.getAllByRole("radio").map((radio) => (radio as HTMLInputElement).value);
    // Fairy and Birthday are in the set already; Astronaut is not a popular style.
    expect(offered).toEqual(popularIds.filter((id) => id !== "fairy" && id !== "birthday"));
    expect(offered.length).toBeGreaterThan(0);
    expect(dialog.getByRole("radio", { name: titleOf("ice-queen") })).toBeTruthy();
    expect(dialog.queryByRole("radio", { name: "Fairy" })).toBeNull();
    expect(dialog.queryByRole("radio", { name: "Astronaut" })).toBeNull();
    expect(dialog.getByText("2 style changes left")).toBeTruthy();
    // Nothing to confirm before a style is picked.
    expect(dialog.getByRole("button", { name: "Pick a style" }).hasAttribute("disabled")).toBe(true);
    expect(callApiMock).not.toHaveBeenCalledWith(
      swapPreviewStyleEndpoint,
      expect.anything(),
      expect.anything(),
    );
  });

  it("swaps the preview: the new one shows as being made, is read until done, and the parent is told", async () => {
    let answer: Previews = { ...swappable, status: "ready", images: swappable.images.slice(0, 2) };
    const astronaut = testPreview("p1", { styleId: "astronaut" });
    const swapped: Previews = {
      status: "making",
      images: [astronaut, makingPreview("p4", { styleId: "ice-queen" })],
      byEmail: false,
      swapsLeft: 1,
    };
    const swap = vi.fn(async (_body: Swap) => {
      answer = swapped;
      return swapped;
    });
    serve(() => answer, undefined, swap);
    // Before training starts, a finished set is not read again: only a set being made is.
    renderSection({ trainingStatus: null });
    await waitFor(() => expect(changeButtons()).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Change style of the Fairy preview" }));
    const dialog = within(await findDialog());
    await userEvent.click(dialog.getByRole("radio", { name: "Ice Princess" }));
    await userEvent.click(dialog.getByRole("button", { name: "Make an Ice Princess preview instead" }));

    expect(callApiMock).toHaveBeenCalledWith(
      swapPreviewStyleEndpoint,
      { imageId: "p2", styleId: "ice-queen" },
      { organizationId: "family-1" },
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith("An Ice Princess preview is on its way.");
    expect(tiles()).toHaveLength(2);
    const fresh = within(tiles()[1] as HTMLElement);
    expect(fresh.getByRole("progressbar", { name: "Making the Ice Princess preview" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Mia as Fairy, a preview" })).toBeNull();

    // The set is read again while the new preview is being made, and it fills in.
    answer = {
      ...swapped,
      status: "ready",
      images: [astronaut, testPreview("p4", { styleId: "ice-queen" })],
    };
    await waitFor(() =>
      expect(screen.getByRole("img", { name: "Mia as Ice Princess, a preview" })).toBeTruthy(),
    );
    // One change is left: the button stays under both finished previews.
    expect(changeButtons()).toHaveLength(2);
    expect(swap).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal in the dialog, and keeps the preview", async () => {
    serve(
      () => swappable,
      undefined,
      async () => {
        throw new ApiError(409, studioErrorCodes.previewStyleTaken, studioMessages.previewStyleTaken);
      },
    );
    renderSection();
    await waitFor(() => expect(changeButtons()).toHaveLength(2));
    await userEvent.click(screen.getByRole("button", { name: "Change style of the Fairy preview" }));
    const dialog = within(await findDialog());
    await userEvent.click(dialog.getByRole("radio", { name: "Balloonist" }));
    await userEvent.click(dialog.getByRole("button", { name: "Make a Balloonist preview instead" }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(studioMessages.previewStyleTaken));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("img", { name: "Mia as Fairy, a preview" })).toBeTruthy();
    expect(changeButtons()).toHaveLength(2);
  });
});
