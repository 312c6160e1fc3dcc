// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  deleteUploadedImagesEndpoint,
  type Endpoint,
  getUploadedImagesEndpoint,
  keepPhotoEndpoint,
  type UploadedPhoto,
} from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { type ChildPhotos, childPhotosQueryKey, useChildPhotos } from "../api/child-photos";
import { testPhoto } from "../lib/test-photos";
import { UploadedPhotosGrid } from "./uploaded-photos-grid";

// The network boundary: the queries, mutations and cache updates above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const limits = { min: 4, max: 30, maxMegabytes: 15 };

/** The grid as the upload page holds it: fed by the child's photo query. */
function Photos({ canDelete, canKeep, problem }: { canDelete: boolean; canKeep: boolean; problem?: string }) {
  const photos = useChildPhotos("family-1", 7);
  if (!photos.data) return null;
  return (
    <UploadedPhotosGrid
      familyId="family-1"
      childId={7}
      childName="Mia"
      photos={photos.data.photos}
      canDelete={canDelete}
      canKeep={canKeep}
      problem={problem}
    />
  );
}

function renderGrid(
  photos: UploadedPhoto[],
  options: { canDelete?: boolean; canKeep?: boolean; problem?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData<ChildPhotos>(childPhotosQueryKey("family-1", 7), { photos, limits });
  render(
    <QueryClientProvider client={queryClient}>
      <Photos
        canDelete={options.canDelete ?? true}
        canKeep={options.canKeep ?? true}
        problem={options.problem}
      />
    </QueryClientProvider>,
  );
  return { queryClient };
}

const grid = () => screen.getByRole("list", { name: "Mia's photos" });
const tiles = () => within(grid()).getAllByRole("listitem");
const tileOf = (id: string) => {
  const tile = tiles().find((item) => item.dataset.photoId === id);
  if (!tile) throw new Error(`no tile for ${id}`);
  return within(tile);
};

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("UploadedPhotosGrid: order", () => {
  it("outlines the face taken for the child's on each photo, where the square tile shows it", () => {
    renderGrid([
      testPhoto("square", {
        width: 900,
        height: 900,
        faceBox: { x: 0.35, y: 0.25, width: 0.3, height: 0.35 },
      }),
      testPhoto("unchecked", { qualityRank: 2, faceBox: null }),
    ]);
    const outline = tileOf("square").getByTestId("face-outline");
    expect(outline.getAttribute("style")).toBe("left: 35%; top: 25%; width: 30%; height: 35%;");
    expect(tileOf("unchecked").queryByTestId("face-outline")).toBeNull();
  });

  it("shows the photos best first, whatever order the server sent them in", () => {
    renderGrid([
      testPhoto("third", { qualityRank: 3 }),
      testPhoto("fifth", { qualityRank: 5, qualityIssues: ["blurry"] }),
      testPhoto("first", { qualityRank: 1 }),
      testPhoto("fourth", { qualityRank: 4 }),
      testPhoto("second", { qualityRank: 2 }),
    ]);
    expect(tiles().map((tile) => tile.dataset.photoId)).toEqual([
      "first",
      "second",
      "third",
      "fourth",
      "fifth",
    ]);
    // Named by their place in that order.
    expect(tileOf("first").getByRole("img").getAttribute("alt")).toBe("Photo 1 of Mia");
    expect(tileOf("fifth").getByRole("button", { name: "Remove photo 5" })).toBeTruthy();
  });

  it("marks the three best once there are at least four photos, and none in a smaller set", () => {
    const set = [1, 2, 3, 4].map((rank) => testPhoto(`p${rank}`, { qualityRank: rank }));
    renderGrid(set);
    const marked = tiles().filter((tile) => within(tile).queryByText("Best"));
    expect(marked.map((tile) => tile.dataset.photoId)).toEqual(["p1", "p2", "p3"]);
    expect(tileOf("p1").getByText("One of the best photos.")).toBeTruthy();
    cleanup();

    renderGrid(set.slice(0, 3));
    expect(within(grid()).queryByText("Best")).toBeNull();
  });
});

describe("UploadedPhotosGrid: a photo of someone else", () => {
  const photos = [
    testPhoto("mia-1", { qualityRank: 1 }),
    testPhoto("mia-2", { qualityRank: 2 }),
    testPhoto("other", { qualityRank: 3, identity: "different" }),
    testPhoto("mia-3", { qualityRank: 4, identity: "undecided" }),
  ];

  it("is marked in words, with a remove button in plain sight, and counted above the photos", () => {
    renderGrid(photos);
    const other = tileOf("other");
    expect(other.getByText("Someone else")).toBeTruthy();
    expect(other.getByTestId("photo-someone-else").textContent).toBe("Looks like someone else — not Mia");
    expect(other.getByRole("button", { name: "Remove photo 3" }).textContent).toContain("Remove");
    expect(screen.getByTestId("someone-else-summary").textContent).toBe(
      "1 photo looks like someone other than Mia. Remove it before training.",
    );
    // The child's own photos, and one not yet decided, say nothing of the kind.
    for (const id of ["mia-1", "mia-2", "mia-3"]) {
      expect(tileOf(id).queryByText(/someone else/i)).toBeNull();
    }
  });

  it("counts several in the summary", () => {
    renderGrid([...photos, testPhoto("other-2", { qualityRank: 5, identity: "different" })]);
    expect(screen.getByTestId("someone-else-summary").textContent).toBe(
      "2 photos look like someone other than Mia. Remove them before training.",
    );
  });

  it("is removed with the delete endpoint, and leaves the grid", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === deleteUploadedImagesEndpoint) return { deleted: 1, photoCount: 3 };
      if (endpoint === getUploadedImagesEndpoint)
        return { photos: photos.filter((p) => p.id !== "other"), limits };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderGrid(photos);
    await userEvent.click(tileOf("other").getByRole("button", { name: "Remove photo 3" }));
    expect(callApiMock).toHaveBeenCalledWith(
      deleteUploadedImagesEndpoint,
      { childId: 7, photoIds: ["other"] },
      { organizationId: "family-1" },
    );
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(screen.queryByTestId("someone-else-summary")).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("Photo removed.");
  });

  it("stands under the server's reason when a training start was refused for it", () => {
    const problem =
      "Some photos look like a different person than Mia. Remove the marked photos, then start training.";
    renderGrid(photos, { problem });
    expect(screen.getByRole("alert").textContent).toBe(`Training didn't start. ${problem}`);
    // The reason replaces the summary rather than repeating it.
    expect(screen.queryByTestId("someone-else-summary")).toBeNull();
    cleanup();

    // Once the marked photos are gone, the reason is too.
    renderGrid(
      photos.filter((photo) => photo.id !== "other"),
      { problem },
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is still marked for a family member who may not remove it", () => {
    renderGrid(photos, { canDelete: false, canKeep: false });
    expect(tileOf("other").getByTestId("photo-someone-else")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("UploadedPhotosGrid: a photo that looks like an adult", () => {
  const adult = testPhoto("adult", { qualityRank: 2, looksAdult: true });
  const photos = [testPhoto("mia-1", { qualityRank: 1 }), adult, testPhoto("mia-2", { qualityRank: 3 })];

  it("asks whether it is the child, with an answer each way", () => {
    renderGrid(photos);
    const tile = tileOf("adult");
    expect(tile.getByTestId("photo-looks-adult").textContent).toBe("This looks like an adult — is it Mia?");
    expect(tile.getByRole("button", { name: "Yes, keep it (photo 2)" })).toBeTruthy();
    expect(tile.getByRole("button", { name: "Remove photo 2" })).toBeTruthy();
    expect(screen.getByTestId("looks-adult-summary").textContent).toBe(
      "1 photo looks like an adult: tell us below whether it's Mia. Training waits for your answer.",
    );
    // Never an age.
    expect(grid().textContent).not.toMatch(/\d+\s*(years?|yrs?)/);
  });

  it("is kept through the keep endpoint, then the list is read again", async () => {
    const kept = { ...adult, looksAdult: false };
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === keepPhotoEndpoint) return { photo: kept };
      if (endpoint === getUploadedImagesEndpoint)
        return { photos: photos.map((photo) => (photo.id === "adult" ? kept : photo)), limits };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderGrid(photos);
    await userEvent.click(tileOf("adult").getByRole("button", { name: /^Yes, keep it/ }));

    expect(callApiMock).toHaveBeenCalledWith(
      keepPhotoEndpoint,
      { childId: 7, photoId: "adult" },
      { organizationId: "family-1" },
    );
    await waitFor(() => expect(tileOf("adult").queryByTestId("photo-looks-adult")).toBeNull());
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(
        getUploadedImagesEndpoint,
        { childId: 7 },
        { organizationId: "family-1" },
      ),
    );
    expect(screen.queryByTestId("looks-adult-summary")).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("Kept: it stays with Mia's photos.");
  });

  it("says why when keeping failed, and still asks", async () => {
    const { ApiError } = await import("@/lib/api-client");
    callApiMock.mockRejectedValue(new ApiError(404, "PHOTO_NOT_FOUND", "We couldn't find that photo."));
    renderGrid(photos);
    await userEvent.click(tileOf("adult").getByRole("button", { name: /^Yes, keep it/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("We couldn't find that photo."));
    expect(tileOf("adult").getByTestId("photo-looks-adult")).toBeTruthy();
  });

  it("takes one answer for every photo it asks about", async () => {
    const adults = [
      testPhoto("adult-1", { qualityRank: 1, looksAdult: true }),
      testPhoto("adult-2", { qualityRank: 2, looksAdult: true }),
    ];
    let kept = new Set<string>();
    callApiMock.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
      const current = () => adults.map((photo) => ({ ...photo, looksAdult: !kept.has(photo.id) }));
      if (endpoint === keepPhotoEndpoint) {
        const { photoId } = body as { photoId: string };
        kept = new Set([...kept, photoId]);
        return { photo: current().find((photo) => photo.id === photoId) };
      }
      if (endpoint === getUploadedImagesEndpoint) return { photos: current(), limits };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderGrid(adults);
    await userEvent.click(screen.getByRole("button", { name: "Yes, they're all Mia" }));
    await waitFor(() => expect(screen.queryByTestId("looks-adult-summary")).toBeNull());
    expect([...kept].sort()).toEqual(["adult-1", "adult-2"]);
    expect(toast.success).toHaveBeenCalledWith("Kept: they stay with Mia's photos.");
  });

  it("keeps a refused start's words in view while a question is open", () => {
    const message = "Some photos look like an adult. Tell us whether each one is Mia (keep it) or remove it.";
    renderGrid(photos, { problem: message });
    expect(screen.getByTestId("training-refused-problem").textContent).toBe(
      `Training didn't start. ${message}`,
    );
  });

  it("drops those words once every question is answered", () => {
    renderGrid(
      photos.map((photo) => ({ ...photo, looksAdult: false })),
      { problem: "Some photos look like an adult." },
    );
    expect(screen.queryByTestId("training-refused-problem")).toBeNull();
  });

  it("asks nothing of a photo already marked as someone else", () => {
    renderGrid([testPhoto("both", { identity: "different", looksAdult: true })]);
    expect(screen.queryByTestId("photo-looks-adult")).toBeNull();
    expect(screen.queryByRole("button", { name: /keep it/ })).toBeNull();
    expect(screen.getByTestId("photo-someone-else")).toBeTruthy();
  });
});

describe("UploadedPhotosGrid: weak photos", () => {
  it("names what holds a photo back in short labels, and nothing on a good one", () => {
    renderGrid([
      testPhoto("good", { qualityRank: 1 }),
      testPhoto("weak", { qualityRank: 2, qualityIssues: ["eyesClosed", "blurry"] }),
    ]);
    expect(tileOf("weak").getByTestId("photo-issues").textContent).toBe(
      "Could be better: Blurry,Eyes closed",
    );
    expect(tileOf("good").queryByTestId("photo-issues")).toBeNull();
    expect(screen.getByText(/One photo could be better/)).toBeTruthy();
  });

  it("still says out of focus for a photo only flagged blurry", () => {
    renderGrid([testPhoto("soft", { blurry: true })]);
    expect(tileOf("soft").getByText("Blurry")).toBeTruthy();
    expect(tileOf("soft").getByRole("img").getAttribute("alt")).toBe(
      "Photo 1 of Mia, which looks out of focus",
    );
  });
});
