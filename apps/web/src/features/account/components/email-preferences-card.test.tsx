// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type EmailPreferences,
  type Endpoint,
  emailPreferencesEndpoint,
  updateEmailPreferencesEndpoint,
} from "@wonderkin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, callApi } from "@/lib/api-client";
import { EmailPreferencesCard } from "./email-preferences-card";

// The network boundary: the query, the mutation and the card above them are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const clients: QueryClient[] = [];
beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  clients.push(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <EmailPreferencesCard userId="user-1" />
    </QueryClientProvider>,
  );
}

/** A server that keeps the parent's preferences; `hold` keeps the next save waiting until released. */
function preferencesServer(initial: EmailPreferences) {
  let saved = initial;
  let release: (() => void) | null = null;
  callApiMock.mockImplementation(async (endpoint: Endpoint, request) => {
    if (endpoint === emailPreferencesEndpoint) return saved;
    if (endpoint !== updateEmailPreferencesEndpoint) throw new Error(`unexpected call to ${endpoint.path}`);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    saved = { ...saved, ...(request as Partial<EmailPreferences>) };
    return saved;
  });
  return { release: () => release?.() };
}

const reminders = () => screen.getByRole("checkbox", { name: /Yearly portrait reminders/ });

describe("EmailPreferencesCard", () => {
  it("reads the parent's setting and says which e-mails always come", async () => {
    preferencesServer({ seriesReminders: false });
    renderCard();
    expect(screen.getByRole("status").textContent).toBe("Loading your e-mail settings");
    await waitFor(() => expect(reminders()).toHaveProperty("checked", false));
    expect(callApiMock).toHaveBeenCalledWith(emailPreferencesEndpoint, {});
    expect(screen.getByText(/Sign-in links, receipts and deletion receipts always come/)).toBeTruthy();
  });

  it("saves a change, showing the new answer and holding the box while it is saved", async () => {
    const server = preferencesServer({ seriesReminders: true });
    renderCard();
    await waitFor(() => expect(reminders()).toHaveProperty("checked", true));

    await userEvent.click(reminders());
    expect(callApiMock).toHaveBeenCalledWith(updateEmailPreferencesEndpoint, { seriesReminders: false });
    expect(reminders()).toHaveProperty("checked", false);
    expect(reminders()).toHaveProperty("disabled", true);

    server.release();
    await waitFor(() => expect(reminders()).toHaveProperty("disabled", false));
    expect(reminders()).toHaveProperty("checked", false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the server's refusal and the setting as it still is", async () => {
    callApiMock.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint === emailPreferencesEndpoint) return { seriesReminders: true };
      throw new ApiError(503, "SERVICE_UNAVAILABLE", "We're briefly unavailable. Please try again.");
    });
    renderCard();
    await waitFor(() => expect(reminders()).toHaveProperty("checked", true));

    await userEvent.click(reminders());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "We're briefly unavailable. Please try again.",
    );
    expect(reminders()).toHaveProperty("checked", true);
    expect(reminders()).toHaveProperty("disabled", false);
  });

  it("says when the setting cannot be read, with a way to try again", async () => {
    callApiMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderCard();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "We couldn't load your e-mail settings.",
    );
    callApiMock.mockResolvedValueOnce({ seriesReminders: true });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(reminders()).toHaveProperty("checked", true));
  });
});
