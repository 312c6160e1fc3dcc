// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  addOnsEndpoint,
  createCheckoutSessionEndpoint,
  createVideoEndpoint,
  deleteGeneratedImageEndpoint,
  type Endpoint,
  type GeneratedImage,
  type PlanEntitlements,
  type PortraitShare,
  printImageEndpoint,
  regenerateEndpoint,
  revokePortraitShareEndpoint,
  sharePortraitEndpoint,
  studioErrorCodes,
  studioMessages,
  videoStatusEndpoint,
} from "@wonderkin/contract";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { shareLinksQueryKey } from "../api/share-links";
import { pendingImage, testImage } from "../lib/test-images";
import { PortraitViewer } from "./portrait-viewer";

// The network boundary: the mutations and their cache updates above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const images = [
  testImage("one", { styleId: "fairy" }),
  testImage("two", { styleId: "birthday" }),
  testImage("three", { styleId: "balloonist", requestedByUserId: "someone-else" }),
];

const oracle: PlanEntitlements = {
  childrenAllowed: 3,
  categories: "all",
  watermark: false,
  readyToPrintPerMonth: 10,
  storybooksPerMonth: 1,
  faceUpdatesPerYear: 2,
};

type Options = {
  images?: readonly GeneratedImage[];
  start?: number;
  balance?: number | null;
  entitlements?: PlanEntitlements | null;
  canDelete?: (image: GeneratedImage) => boolean;
  /** The child's live share links, as the gallery's query holds them (none unless told). */
  shares?: PortraitShare[];
};

/** The viewer as the studio holds it: the page keeps the index, and closing sets it to null. */
function Gallery({
  images: shown = images,
  start = 0,
  balance = 5,
  entitlements = oracle,
  canDelete = () => false,
  onClose,
  onIndexChange,
  onRegenerated,
}: Options & { onClose: () => void; onIndexChange: (index: number) => void; onRegenerated: () => void }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <PortraitViewer
      scope={{ familyId: "family-1", childId: 1, userId: "user-1" }}
      images={shown}
      index={index}
      onIndexChange={(next) => {
        onIndexChange(next);
        setIndex(next);
      }}
      onClose={() => {
        onClose();
        setIndex(null);
      }}
      childName="Mia"
      balance={balance}
      entitlements={entitlements}
      canDelete={canDelete}
      onRegenerated={onRegenerated}
    />
  );
}

function renderViewer(options: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(shareLinksQueryKey("family-1", 1), options.shares ?? []);
  const spies = { onClose: vi.fn(), onIndexChange: vi.fn(), onRegenerated: vi.fn() };
  const tree = (next: Options) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Gallery {...options} {...next} {...spies} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(tree({}));
  return { ...spies, rerender: (next: Options) => view.rerender(tree(next)) };
}

const viewer = () => screen.getByRole("dialog", { name: /^Mia as / });
const shownImage = () => screen.getByTestId<HTMLImageElement>("viewer-image");
const position = () => screen.getByTestId("viewer-position").textContent;
const actions = () => within(screen.getByRole("toolbar", { name: "Portrait actions" }));

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("PortraitViewer: moving between portraits", () => {
  it("opens on the chosen portrait, named and placed among the others", () => {
    renderViewer({ start: 1 });
    expect(viewer()).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Mia as Birthday" })).toBeTruthy();
    expect(position()).toBe("2 of 3");
    expect(shownImage().getAttribute("src")).toBe("/media/two.webp?sig=1");
    expect(shownImage().getAttribute("alt")).toBe("Mia as Birthday, portrait 2 of 3");
  });

  it("goes to the next portrait with ArrowRight and stops at the last one", async () => {
    const { onIndexChange } = renderViewer({ start: 0 });
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("2 of 3");
    expect(shownImage().getAttribute("src")).toBe("/media/two.webp?sig=1");
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("3 of 3");
    expect(screen.getByRole("heading", { name: "Mia as Balloonist" })).toBeTruthy();
    expect(onIndexChange.mock.calls).toEqual([[1], [2]]);

    // No wrapping round: the last one stays, and the Next button is off.
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("3 of 3");
    expect(onIndexChange).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("button", { name: "Next portrait" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Previous portrait" })).toHaveProperty("disabled", false);
  });

  it("goes back with ArrowLeft and stops at the first one", async () => {
    const { onIndexChange } = renderViewer({ start: 2 });
    await userEvent.keyboard("{ArrowLeft}");
    expect(position()).toBe("2 of 3");
    await userEvent.keyboard("{ArrowLeft}");
    expect(position()).toBe("1 of 3");
    expect(shownImage().getAttribute("src")).toBe("/media/one.webp?sig=1");

    await userEvent.keyboard("{ArrowLeft}");
    expect(position()).toBe("1 of 3");
    expect(onIndexChange.mock.calls).toEqual([[1], [0]]);
    expect(screen.getByRole("button", { name: "Previous portrait" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Next portrait" })).toHaveProperty("disabled", false);
  });

  it("moves with the Previous and Next buttons too", async () => {
    renderViewer({ start: 1 });
    await userEvent.click(screen.getByRole("button", { name: "Next portrait" }));
    expect(position()).toBe("3 of 3");
    await userEvent.click(screen.getByRole("button", { name: "Previous portrait" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous portrait" }));
    expect(position()).toBe("1 of 3");
  });

  it("shows a spinner until the portrait has loaded", () => {
    renderViewer({ start: 0 });
    expect(screen.getByRole("status").textContent).toBe("Loading the portrait");
    fireEvent.load(shownImage());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the last portrait when the one on screen is gone from the end", () => {
    const view = renderViewer({ start: 2 });
    view.rerender({ images: images.slice(0, 2) });
    expect(view.onIndexChange).toHaveBeenLastCalledWith(1);
    expect(position()).toBe("2 of 2");
  });
});

describe("PortraitViewer: the likeness check", () => {
  it("says the portrait looks like the child when the check passed, and nothing otherwise", async () => {
    renderViewer({ images: [testImage("a", { likeness: "passed" }), testImage("b", { likeness: null })] });
    expect(within(viewer()).getByTestId("likeness-passed").textContent).toBe("Looks like Mia");
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("2 of 2");
    expect(within(viewer()).queryByTestId("likeness-passed")).toBeNull();
  });
});

describe("PortraitViewer: closing", () => {
  it("closes on Escape", async () => {
    const { onClose } = renderViewer();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes with its Close button", async () => {
    const { onClose } = renderViewer();
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("PortraitViewer: what can be done with a portrait", () => {
  it("offers the download of the full file, a new version and a print; delete only when allowed", () => {
    renderViewer({ start: 0, canDelete: (image) => image.requestedByUserId === "user-1" });
    const download = actions().getByRole("link", { name: "Download" });
    expect(download.getAttribute("href")).toBe("/media/one.webp?sig=1&download=fairy-one.jpg");
    expect(download.hasAttribute("download")).toBe(true);
    expect(actions().getByRole("button", { name: "Regenerate" })).toBeTruthy();
    expect(actions().getByRole("button", { name: "Print" })).toBeTruthy();
    expect(actions().getByRole("button", { name: "Delete" })).toBeTruthy();
    // jsdom cannot share files: no Share button rather than a broken one.
    expect(actions().queryByRole("button", { name: "Share" })).toBeNull();
  });

  it("leaves Delete out for a portrait the parent may not delete, and Download out without a file", async () => {
    renderViewer({
      images: [...images, testImage("four", { url: null })],
      start: 1,
      canDelete: (image) => image.requestedByUserId === "user-1",
    });
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("3 of 4");
    expect(actions().queryByRole("button", { name: "Delete" })).toBeNull();
    await userEvent.keyboard("{ArrowRight}");
    expect(actions().queryByRole("link", { name: "Download" })).toBeNull();
    expect(actions().getByRole("button", { name: "Delete" })).toBeTruthy();
  });
});

describe("PortraitViewer: a new version", () => {
  it("asks first, with the price and the balance, then makes it and closes", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === regenerateEndpoint) return { image: pendingImage("new"), balance: 4 };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const { onClose, onRegenerated } = renderViewer({ start: 1, balance: 5 });
    await userEvent.click(actions().getByRole("button", { name: "Regenerate" }));

    const confirm = screen.getByRole("dialog", { name: "Make a new version?" });
    expect(within(confirm).getByText(/It costs 1 credit; this one stays in the gallery\./)).toBeTruthy();
    expect(within(confirm).getByTestId("regenerate-balance").textContent).toBe("You have 5 credits.");
    // The arrows belong to the question while it is asked.
    await userEvent.keyboard("{ArrowRight}");
    expect(position()).toBe("2 of 3");

    await userEvent.click(within(confirm).getByRole("button", { name: "Regenerate · 1 credit" }));
    await waitFor(() => expect(onRegenerated).toHaveBeenCalledOnce());
    expect(callApiMock).toHaveBeenCalledWith(
      regenerateEndpoint,
      { imageId: "two" },
      { organizationId: "family-1" },
    );
    expect(onClose).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith("A new version is on its way.");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("cannot be paid for without credits, and leads to the top-up", async () => {
    renderViewer({ balance: 0 });
    await userEvent.click(actions().getByRole("button", { name: "Regenerate" }));
    const confirm = screen.getByRole("dialog", { name: "Make a new version?" });
    expect(within(confirm).getByRole("button", { name: "Regenerate · 1 credit" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(confirm).getByTestId("regenerate-balance").textContent).toBe(
      "You have 0 credits. Top up credits to make more.",
    );
    expect(within(confirm).getByRole("link", { name: "Top up credits" }).getAttribute("href")).toBe(
      paths.topUpCreditPlans,
    );
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it("shows why it failed inside the question, which stays open", async () => {
    callApiMock.mockRejectedValue(new ApiError(409, "STYLE_LOCKED", "This style needs another plan."));
    const { onClose } = renderViewer({ balance: 5 });
    await userEvent.click(actions().getByRole("button", { name: "Regenerate" }));
    const confirm = screen.getByRole("dialog", { name: "Make a new version?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Regenerate · 1 credit" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe("This style needs another plan.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("goes back to the portrait when the parent cancels", async () => {
    renderViewer({ start: 0 });
    await userEvent.click(actions().getByRole("button", { name: "Regenerate" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Make a new version?" })).toBeNull();
    expect(position()).toBe("1 of 3");
    expect(callApiMock).not.toHaveBeenCalled();
  });
});

describe("PortraitViewer: a free preview", () => {
  const withPreview = [
    testImage("one"),
    testImage("preview", { kind: "preview", styleId: "fairy", watermarked: true }),
  ];

  it("is marked Preview, and offers to be made with the child's model instead of a new version or a print", () => {
    renderViewer({ images: withPreview, start: 1, canDelete: () => true });
    expect(within(viewer()).getByTestId("preview-badge").textContent).toBe("Preview");
    expect(within(viewer()).queryByText(/with watermark/)).toBeNull();
    expect(actions().getByRole("button", { name: "Make this one with Mia's model" })).toBeTruthy();
    expect(actions().queryByRole("button", { name: "Regenerate" })).toBeNull();
    expect(actions().queryByRole("button", { name: "Print" })).toBeNull();
    // Downloading and deleting work as for a portrait.
    expect(actions().getByRole("link", { name: "Download" })).toBeTruthy();
    expect(actions().getByRole("button", { name: "Delete" })).toBeTruthy();
  });

  it("says nothing of the kind on a portrait", () => {
    renderViewer({ images: withPreview, start: 0 });
    expect(within(viewer()).queryByTestId("preview-badge")).toBeNull();
    expect(actions().queryByRole("button", { name: "Make this one with Mia's model" })).toBeNull();
  });

  it("is made with the child's model through regenerate, for one credit", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === regenerateEndpoint)
        return { image: pendingImage("made", { regeneratedFromId: "preview" }), balance: 4 };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const { onClose, onRegenerated } = renderViewer({ images: withPreview, start: 1, balance: 5 });
    await userEvent.click(actions().getByRole("button", { name: "Make this one with Mia's model" }));
    const confirm = screen.getByRole("dialog", { name: "Make this one with Mia's model?" });
    expect(within(confirm).getByText(/It costs 1 credit; the preview stays in the gallery\./)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: "Make it · 1 credit" }));
    await waitFor(() => expect(onRegenerated).toHaveBeenCalledOnce());
    expect(callApiMock).toHaveBeenCalledWith(
      regenerateEndpoint,
      { imageId: "preview" },
      { organizationId: "family-1" },
    );
    expect(onClose).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith("Your portrait is on its way.");
  });

  it("says when the studio is not open yet", async () => {
    callApiMock.mockRejectedValue(
      new ApiError(409, studioErrorCodes.trainingNotCompleted, studioMessages.trainingNotCompleted),
    );
    renderViewer({ images: withPreview, start: 1, balance: 5 });
    await userEvent.click(actions().getByRole("button", { name: "Make this one with Mia's model" }));
    const confirm = screen.getByRole("dialog", { name: "Make this one with Mia's model?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Make it · 1 credit" }));
    expect((await within(confirm).findByRole("alert")).textContent).toBe(studioMessages.trainingNotCompleted);
  });
});

describe("PortraitViewer: deleting", () => {
  it("asks first, then deletes the portrait on screen", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === deleteGeneratedImageEndpoint) return {};
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderViewer({ start: 1, canDelete: () => true });
    await userEvent.click(actions().getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this portrait?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete portrait" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Portrait deleted."));
    expect(callApiMock).toHaveBeenCalledWith(
      deleteGeneratedImageEndpoint,
      { imageId: "two" },
      { organizationId: "family-1" },
    );
    expect(screen.queryByRole("dialog", { name: "Delete this portrait?" })).toBeNull();
  });
});

describe("PortraitViewer: printing", () => {
  /** What the parent has: this month's plan files left, and files bought with the add-on. */
  const prints = (leftThisMonth: number, bought: number, sellsPrints = false) => ({
    currency: "USD",
    canBuy: sellsPrints,
    reason: null,
    addOns: sellsPrints
      ? [{ id: "ready-to-print", value: "Ready to print", price: 2, unit: "print", units: 10, grants: "" }]
      : [],
    balances: { video: 0, print: bought, child: 0 },
    planPrints: { perMonth: leftThisMonth > 0 ? 10 : 0, leftThisMonth },
  });
  const answer = (byEndpoint: Map<Endpoint, unknown>) =>
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      const answered = byEndpoint.get(endpoint);
      if (answered instanceof Error) throw answered;
      return answered as never;
    });
  const printed = { url: "https://files.example/one-a4.pdf", remainingThisMonth: 9, purchasedLeft: 0 };
  const printCalls = () => callApiMock.mock.calls.filter(([endpoint]) => endpoint === printImageEndpoint);

  it("asks first, saying what it uses and what is left; Cancel spends nothing", async () => {
    answer(new Map<Endpoint, unknown>([[addOnsEndpoint, prints(10, 0)]]));
    renderViewer();
    await userEvent.click(actions().getByRole("button", { name: "Print" }));
    const confirm = await screen.findByRole("dialog", { name: "Print this portrait?" });
    const charge = within(confirm).getByTestId("print-charge").textContent;
    expect(charge).toContain("1 of this month's 10 ready-to-print files");
    expect(charge).toContain("9 ready-to-print files left this month.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Print this portrait?" })).toBeNull());
    expect(printCalls()).toEqual([]);
  });

  it("prints once confirmed, opens the file and says how many are left", async () => {
    answer(
      new Map<Endpoint, unknown>([
        [addOnsEndpoint, prints(10, 0)],
        [printImageEndpoint, printed],
      ]),
    );
    const open = vi.spyOn(window, "open").mockReturnValue({} as Window);
    try {
      renderViewer({ start: 0 });
      await userEvent.click(actions().getByRole("button", { name: "Print" }));
      const confirm = await screen.findByRole("dialog", { name: "Print this portrait?" });
      await userEvent.click(within(confirm).getByRole("button", { name: "Make the print file" }));
      await waitFor(() =>
        expect(toast.success).toHaveBeenCalledWith("Your A4 print file is ready.", {
          description: "9 ready-to-print files left this month.",
        }),
      );
      expect(printCalls()).toEqual([
        [printImageEndpoint, { imageId: "one" }, { organizationId: "family-1" }],
      ]);
      expect(open).toHaveBeenCalledWith("https://files.example/one-a4.pdf", "_blank", "noopener");
      // Printed now: the same file opens again without asking.
      await userEvent.click(actions().getByRole("button", { name: "Print" }));
      await waitFor(() => expect(printCalls()).toHaveLength(2));
      expect(screen.queryByRole("dialog", { name: "Print this portrait?" })).toBeNull();
    } finally {
      open.mockRestore();
    }
  }, 20_000);

  it("uses the add-on's files on a plan without prints, and says so", async () => {
    answer(new Map<Endpoint, unknown>([[addOnsEndpoint, prints(0, 10)]]));
    renderViewer({ entitlements: { ...oracle, readyToPrintPerMonth: 0 } });
    await userEvent.click(actions().getByRole("button", { name: "Print" }));
    const confirm = await screen.findByRole("dialog", { name: "Print this portrait?" });
    expect(within(confirm).getByTestId("print-charge").textContent).toContain(
      "9 ready-to-print files left from your add-on.",
    );
  });

  it("offers the add-on, bought from this portrait, and the plans when there is nothing to print with", async () => {
    answer(
      new Map<Endpoint, unknown>([
        [addOnsEndpoint, prints(0, 0, true)],
        [createCheckoutSessionEndpoint, { sessionId: "cs_1", url: "/checkout/cs_1" }],
      ]),
    );
    renderViewer({ entitlements: { ...oracle, readyToPrintPerMonth: 0 } });
    await userEvent.click(actions().getByRole("button", { name: "Print" }));
    const upsell = await screen.findByRole("dialog", { name: "Print-ready files" });
    expect(upsell.textContent).toContain(studioMessages.printNotIncluded);
    expect(within(upsell).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      `${paths.selectPlan}?changePlan=1`,
    );
    await userEvent.click(within(upsell).getByRole("button", { name: "Buy the Ready to print add-on" }));
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(createCheckoutSessionEndpoint, {
        addOnId: "ready-to-print",
        returnTo: "/?portrait=one",
      }),
    );
    expect(printCalls()).toEqual([]);
  });

  it("says this month's prints are used up, without offering plans", async () => {
    answer(
      new Map<Endpoint, unknown>([
        [addOnsEndpoint, prints(10, 0)],
        [
          printImageEndpoint,
          new ApiError(409, studioErrorCodes.printAllowanceUsed, studioMessages.printAllowanceUsed),
        ],
      ]),
    );
    renderViewer();
    await userEvent.click(actions().getByRole("button", { name: "Print" }));
    const confirm = await screen.findByRole("dialog", { name: "Print this portrait?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Make the print file" }));
    const upsell = await screen.findByRole("dialog", { name: "Print-ready files" });
    expect(within(upsell).getByText(studioMessages.printAllowanceUsed)).toBeTruthy();
    expect(within(upsell).queryByRole("link", { name: "See the plans" })).toBeNull();
  });
});

describe("PortraitViewer: sharing by link", () => {
  const share: PortraitShare = {
    imageId: "one",
    url: "http://localhost:3000/s/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
    createdAt: "2026-11-25T10:00:00.000Z",
    expiresAt: "2026-12-02T10:00:00.000Z",
    caption: null,
  };

  it("offers Copy link where the browser cannot share files, copies the link and says until when", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === sharePortraitEndpoint) return { share };
      throw new Error(`unexpected ${endpoint.path}`);
    });
    renderViewer({ start: 0 });
    expect(actions().queryByRole("button", { name: "Share" })).toBeNull();
    expect(screen.queryByTestId("viewer-share-state")).toBeNull();
    await userEvent.click(actions().getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(share.url));
    expect(callApiMock).toHaveBeenCalledWith(
      sharePortraitEndpoint,
      { imageId: "one" },
      { organizationId: "family-1" },
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        expect.stringMatching(/^Link copied\. Anyone with it can see this portrait until .*2026\.$/),
      ),
    );
    expect((await screen.findByTestId("viewer-share-state")).textContent).toContain("Shared · until");
  });

  it("shows a shared portrait's state and stops sharing it", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === revokePortraitShareEndpoint) return { revoked: true };
      throw new Error(`unexpected ${endpoint.path}`);
    });
    renderViewer({ start: 0, shares: [share] });
    const state = screen.getByTestId("viewer-share-state");
    await userEvent.click(within(state).getByRole("button", { name: "Stop sharing" }));
    await waitFor(() => expect(screen.queryByTestId("viewer-share-state")).toBeNull());
    expect(callApiMock).toHaveBeenCalledWith(
      revokePortraitShareEndpoint,
      { imageId: "one" },
      { organizationId: "family-1" },
    );
    expect(toast.success).toHaveBeenCalledWith("Sharing stopped. The link no longer works.");
  });

  it("never offers a link for a preview", () => {
    renderViewer({ images: [testImage("p1", { kind: "preview", styleId: "fairy" })], start: 0 });
    expect(actions().queryByRole("button", { name: "Copy link" })).toBeNull();
  });
});

describe("PortraitViewer: Create video", () => {
  const addOnsState = (video: number) => ({
    currency: "USD",
    canBuy: true,
    reason: null,
    addOns: [{ id: "create-video", value: "Create video", price: 2, unit: "video", units: 5, grants: "" }],
    balances: { video, print: 0, child: 0 },
    planPrints: { perMonth: 0, leftThisMonth: 0 },
  });
  const answer = (byEndpoint: Map<Endpoint, unknown>) =>
    callApiMock.mockImplementation(async (endpoint: Endpoint) => byEndpoint.get(endpoint) as never);

  it("is disabled with the reason when the parent has no video clips", async () => {
    answer(
      new Map<Endpoint, unknown>([
        [videoStatusEndpoint, { videos: [] }],
        [addOnsEndpoint, addOnsState(0)],
      ]),
    );
    renderViewer();
    await userEvent.click(actions().getByRole("button", { name: "Video" }));
    const dialog = await screen.findByRole("dialog", { name: "Create video" });
    expect((await within(dialog).findByTestId("video-unavailable")).textContent).toMatch(
      /^Video clips are an add-on/,
    );
    expect(within(dialog).getByRole("button", { name: "Create video" }).hasAttribute("disabled")).toBe(true);
    // Bought from here, the checkout comes back to this portrait (decision 0056).
    await userEvent.click(within(dialog).getByRole("button", { name: "Buy video clips" }));
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(createCheckoutSessionEndpoint, {
        addOnId: "create-video",
        returnTo: "/?portrait=one",
      }),
    );
  });

  it("creates one, shows its progress, then plays and downloads it", async () => {
    const making = {
      id: "v1",
      imageId: "one",
      status: "processing",
      progress: 40,
      url: null,
      downloadUrl: null,
      contentType: null,
      width: null,
      height: null,
      frames: null,
      durationMs: null,
      error: null,
      createdAt: "2026-11-25T10:00:00.000Z",
      completedAt: null,
    };
    const made = {
      ...making,
      status: "succeeded",
      progress: 100,
      url: "/media/v1.webp?sig=1",
      downloadUrl: "/media/v1.webp?sig=1&download=1",
      contentType: "image/webp",
      width: 576,
      height: 720,
      frames: 36,
    };
    const byEndpoint = new Map<Endpoint, unknown>([
      [videoStatusEndpoint, { videos: [] }],
      [addOnsEndpoint, addOnsState(2)],
      [createVideoEndpoint, { video: making, videosLeft: 1 }],
    ]);
    answer(byEndpoint);
    renderViewer();
    await userEvent.click(actions().getByRole("button", { name: "Video" }));
    const dialog = await screen.findByRole("dialog", { name: "Create video" });
    expect((await within(dialog).findByTestId("videos-left")).textContent).toMatch(
      /1 of your 2 video clips.*1 video clip/,
    );
    byEndpoint.set(videoStatusEndpoint, { videos: [made] });
    await userEvent.click(within(dialog).getByRole("button", { name: "Create video" }));
    expect(callApiMock).toHaveBeenCalledWith(
      createVideoEndpoint,
      { imageId: "one" },
      { organizationId: "family-1" },
    );
    expect(await within(dialog).findByRole("progressbar", { name: "Video progress" })).toBeTruthy();
    const clip = await within(dialog).findByTestId("portrait-video");
    expect(clip.getAttribute("src")).toBe("/media/v1.webp?sig=1");
    expect(within(dialog).getByRole("link", { name: "Download video" }).getAttribute("href")).toBe(
      "/media/v1.webp?sig=1&download=1",
    );
  });
});
