// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { FamilyRole, FamilySpending, FamilySummary } from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchFamilySpending, updateFamilySpending } from "@/entities/billing/family-spending-api";
import { ApiError } from "@/lib/api-error";
import { FamilyCreditsCard } from "./family-credits-card";

// The server's side of the card: the family's spending read and saved. The queries, the mutation
// and the card are the real thing.
vi.mock("@/entities/billing/family-spending-api", () => ({
  fetchFamilySpending: vi.fn(),
  updateFamilySpending: vi.fn(),
}));
const fetchMock = vi.mocked(fetchFamilySpending);
const saveMock = vi.mocked(updateFamilySpending);

const owner: FamilyRole = "owner";
const family: FamilySummary = {
  id: "family-1",
  name: "The Parkers",
  pictureUrl: null,
  role: "owner",
  memberCount: 2,
};
const notShared: FamilySpending = {
  familyPlan: { active: true, planId: 2, planName: "Magician" },
  heldByYou: true,
  membersMaySpend: false,
  payer: "you",
  payingPlanId: 2,
  credits: 100,
  blocked: null,
};

/** The server's answers: the saved spending, and a save that answers with `save()`. */
function serve(save: () => Promise<FamilySpending>) {
  fetchMock.mockResolvedValue(notShared);
  saveMock.mockImplementation(save);
}

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <FamilyCreditsCard userId="user-1" family={family} role={owner} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  saveMock.mockReset();
});
afterEach(cleanup);

describe("FamilyCreditsCard's sharing box", () => {
  it("shows the owner's answer from the click itself while it is saved, then the saved one", async () => {
    let answer: (saved: FamilySpending) => void = () => undefined;
    serve(() => new Promise((resolve) => (answer = resolve)));
    renderCard();
    const box = await screen.findByLabelText<HTMLInputElement>(/Let family members use the family's credits/);
    expect(box.checked).toBe(false);

    fireEvent.click(box);
    // At once, not a tick later: a browser test checks the box right after its click.
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);

    await waitFor(() => expect(saveMock).toHaveBeenCalledWith("family-1", true));
    answer({ ...notShared, membersMaySpend: true });
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(true);
  });

  it("goes back to the saved answer, with the reason, when the save is refused", async () => {
    serve(() => Promise.reject(new ApiError(403, "FORBIDDEN", "Only the family's owner can change this.")));
    renderCard();
    const box = await screen.findByLabelText<HTMLInputElement>(/Let family members use the family's credits/);
    fireEvent.click(box);
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Only the family's owner can change this.",
    );
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
  });
});
