// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Endpoint,
  type FamilyRole,
  type FamilySummary,
  familyErrorCodes,
  familyMessages,
  updateFamilyEndpoint,
} from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { FamilyProfileCard } from "./family-profile-card";

// The network boundary: the mutation and the card above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const owner: FamilyRole = "owner";
const family: FamilySummary = {
  id: "family-1",
  name: "The Parkers",
  pictureUrl: null,
  role: owner,
  memberCount: 2,
};

beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <FamilyProfileCard family={family} role={owner} />
    </QueryClientProvider>,
  );
}

async function choosePicture(name = "beach.jpg") {
  const file = new File(["pixels"], name, { type: "image/jpeg" });
  await userEvent.upload(screen.getByLabelText("Family picture"), file);
}

describe("FamilyProfileCard's picture", () => {
  it("shows the safety check's kind words when the server refuses the picture, and saves nothing", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === updateFamilyEndpoint)
        throw new ApiError(422, familyErrorCodes.pictureNotSuitable, familyMessages.pictureNotSuitable);
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    renderCard();
    await choosePicture();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(familyMessages.pictureNotSuitable);
    expect(alert.textContent).toContain("fully dressed, like everyday clothes");
    expect(callApiMock).toHaveBeenCalledWith(
      updateFamilyEndpoint,
      { picture: expect.stringMatching(/^data:image\/jpeg;base64,/) },
      { organizationId: "family-1" },
    );
    expect(toast.success).not.toHaveBeenCalled();
    // The form stays as it was: the parent can choose another picture at once.
    expect(screen.getByRole("button", { name: "Upload picture" })).toHaveProperty("disabled", false);
  });

  it("clears the refusal when another picture is chosen and saved", async () => {
    callApiMock.mockRejectedValueOnce(
      new ApiError(422, familyErrorCodes.pictureNotSuitable, familyMessages.pictureNotSuitable),
    );
    renderCard();
    await choosePicture("beach.jpg");
    await screen.findByRole("alert");

    callApiMock.mockResolvedValueOnce({ ...family, pictureUrl: "/api/media/family-1/picture" });
    await choosePicture("garden.jpg");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Your family picture is saved."));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
