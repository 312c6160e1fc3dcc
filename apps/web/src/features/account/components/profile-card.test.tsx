// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Endpoint,
  removeProfilePictureEndpoint,
  type UserRecord,
  uploadProfilePictureEndpoint,
  userErrorCodes,
  userMessages,
} from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userQueryKey, useUser } from "@/entities/session/get-user";
import { ApiError, callApi } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { ProfileCard } from "./profile-card";

// The network boundary: the mutations, the cache and the card above them are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

// Toasts are what the parent is told; sonner itself is not under test.
vi.mock("@/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// Fifteen minutes ahead, as the server signs: the user query reads the record again before then.
const expires = Math.floor(Date.now() / 1000) + 15 * 60;
const signed = `/api/user/picture/user-1/AbCdEfGhIjKlMnOp.webp?expires=${expires}&signature=sig`;
const ada: UserRecord = {
  betterAuthUid: "user-1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  emailVerified: true,
  totalCredits: 0,
  avatarUrl: null,
  defaultOrganizationId: "family-1",
  consent: null,
  createdAt: "2026-11-01T00:00:00.000Z",
};

const clients: QueryClient[] = [];
beforeEach(() => {
  callApiMock.mockReset();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

/** The card as the settings page shows it: fed from the user query, which the mutations update. */
function SettingsCard() {
  const user = useUser(ada.betterAuthUid);
  return user.data ? <ProfileCard user={user.data} /> : null;
}

function renderCard(user: UserRecord = ada) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  clients.push(queryClient);
  queryClient.setQueryData(userQueryKey(user.betterAuthUid), user);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SettingsCard />
    </QueryClientProvider>,
  );
  return { picture: () => view.container.querySelector("img") };
}

async function choosePicture(type = "image/jpeg") {
  const file = new File(["pixels"], "me.jpg", { type });
  await userEvent.upload(screen.getByLabelText("Your picture"), file, { applyAccept: false });
}

describe("ProfileCard's picture", () => {
  it("offers an upload instead of a link, shows progress, then the new picture", async () => {
    let answer: (user: UserRecord) => void = () => {};
    callApiMock.mockImplementation((endpoint: Endpoint) => {
      if (endpoint !== uploadProfilePictureEndpoint) throw new Error(`unexpected call to ${endpoint.path}`);
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const view = renderCard();
    expect(screen.queryByLabelText(/picture link/i)).toBeNull();
    expect(screen.queryByPlaceholderText("https://")).toBeNull();
    expect(view.picture()).toBeNull();
    expect(screen.getByText("AL")).toBeTruthy();

    await choosePicture();
    // The file is read (FileReader) before it is sent: wait for the call, not for time.
    await waitFor(() =>
      expect(callApiMock).toHaveBeenCalledWith(uploadProfilePictureEndpoint, {
        picture: expect.stringMatching(/^data:image\/jpeg;base64,/),
      }),
    );
    expect((await screen.findByRole("status")).textContent).toBe("Uploading the picture");
    expect(screen.getByRole("button", { name: "Uploading…" })).toHaveProperty("disabled", true);

    answer({ ...ada, avatarUrl: signed });
    await waitFor(() => expect(view.picture()?.getAttribute("src")).toBe(signed));
    expect(toast.success).toHaveBeenCalledWith("Your picture is saved.");
    expect(screen.getByRole("button", { name: "Change picture" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove picture" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the server's refusal on screen and keeps what there was", async () => {
    callApiMock.mockRejectedValueOnce(
      new ApiError(400, userErrorCodes.pictureInvalid, userMessages.pictureInvalid),
    );
    const view = renderCard();
    await choosePicture();
    expect((await screen.findByRole("alert")).textContent).toBe(userMessages.pictureInvalid);
    expect(toast.success).not.toHaveBeenCalled();
    expect(view.picture()).toBeNull();
    expect(screen.getByRole("button", { name: "Upload a picture" })).toHaveProperty("disabled", false);
  });

  it("refuses a file of another kind before sending anything", async () => {
    renderCard();
    await choosePicture("image/gif");
    expect((await screen.findByRole("alert")).textContent).toBe("Choose a JPEG, PNG or WebP picture.");
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it("removes the picture", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === removeProfilePictureEndpoint) return { ...ada, avatarUrl: null };
      throw new Error(`unexpected call to ${endpoint.path}`);
    });
    const view = renderCard({ ...ada, avatarUrl: signed });
    expect(view.picture()?.getAttribute("src")).toBe(signed);
    await userEvent.click(screen.getByRole("button", { name: "Remove picture" }));
    await waitFor(() => expect(view.picture()).toBeNull());
    expect(callApiMock).toHaveBeenCalledWith(removeProfilePictureEndpoint, {});
    expect(toast.success).toHaveBeenCalledWith("Your picture is removed.");
    expect(screen.getByRole("button", { name: "Upload a picture" })).toBeTruthy();
  });

  it("keeps a picture from another site, shown as initials, and says why", () => {
    const view = renderCard({ ...ada, avatarUrl: "https://lh3.googleusercontent.com/a/ada.png" });
    expect(view.picture()).toBeNull();
    expect(screen.getByText(/from another site is shown as your initials/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove picture" })).toBeTruthy();
  });
});
