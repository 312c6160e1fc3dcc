// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  type Endpoint,
  emailPreferenceErrorCodes,
  emailPreferenceMessages,
  unsubscribeEndpoint,
  unsubscribePagePath,
} from "@wonderkin/contract";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "@/config/paths";
import { type Session, sessionQueryKey } from "@/entities/session/get-session";
import { ApiError, callApi } from "@/lib/api-client";
import { UnsubscribePage } from "./unsubscribe-page";

// The network boundary: the mutation and the page above it are the real thing.
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  callApi: vi.fn(),
}));
const callApiMock = vi.mocked(callApi);

const token = "series-reminders.dXNlci0x.Zm9yZ2VkLWJ1dC13ZWxsLWZvcm1lZA";
const settingsSection = `${paths.accountSettings}#email-preferences`;
const signedIn: Session = {
  token: "session-token",
  user: { id: "user-1", email: "ada@example.com", emailVerified: true, name: "Ada" },
};

const clients: QueryClient[] = [];
beforeEach(() => {
  callApiMock.mockReset();
});
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

function renderPage(search: string, session: Session = null) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  clients.push(queryClient);
  queryClient.setQueryData(sessionQueryKey, session);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`${paths.unsubscribe}${search}`]}>
        <UnsubscribePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Answers the unsubscribe endpoint as the server would for a@example.com, one call at a time. */
function answerLikeTheServer() {
  const answers: Array<() => void> = [];
  callApiMock.mockImplementation((endpoint: Endpoint, request) => {
    if (endpoint !== unsubscribeEndpoint) throw new Error(`unexpected call to ${endpoint.path}`);
    const { subscribe } = request as { subscribe?: boolean };
    return new Promise((resolve) => {
      answers.push(() =>
        resolve({ kind: "series-reminders", email: "a•••@example.com", subscribed: subscribe === true }),
      );
    });
  });
  return { answerNext: () => answers.shift()?.() };
}

const signInLink = () => screen.getByRole("link", { name: "Sign in to change your e-mails" });

describe("UnsubscribePage", () => {
  it("is the address the e-mails link to", () => {
    expect(paths.unsubscribe).toBe(unsubscribePagePath);
  });

  it("says what the link is for and changes nothing until the button is pressed", async () => {
    renderPage(`?token=${token}`);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Yearly portrait reminders");
    expect(screen.getByText(/sign-in links, receipts and deletion receipts always come/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop these e-mails" })).toHaveProperty("disabled", false);
    // A mail scanner that opens the link stops here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it("unsubscribes on the click, shows it is working, then names the masked address", async () => {
    const server = answerLikeTheServer();
    renderPage(`?token=${token}`);
    await userEvent.click(screen.getByRole("button", { name: "Stop these e-mails" }));

    expect(callApiMock).toHaveBeenCalledWith(unsubscribeEndpoint, { token, subscribe: false });
    const stop = screen.getByRole("button", { name: "Stop these e-mails" });
    expect(stop).toHaveProperty("disabled", true);
    expect(stop.getAttribute("aria-busy")).toBe("true");

    server.answerNext();
    const heading = await screen.findByRole("heading", { name: "You're unsubscribed" });
    expect(heading.parentElement?.textContent).toContain(
      "Done: a•••@example.com won't get yearly portrait reminders any more.",
    );
    expect(screen.getByRole("button", { name: "Send them again" })).toBeTruthy();
    expect(signInLink().getAttribute("href")).toBe(
      `${paths.signIn}?${new URLSearchParams({ returnUrl: settingsSection })}`,
    );
  });

  it("sends them again, then offers to stop them once more", async () => {
    const server = answerLikeTheServer();
    renderPage(`?token=${token}`);
    await userEvent.click(screen.getByRole("button", { name: "Stop these e-mails" }));
    server.answerNext();
    await userEvent.click(await screen.findByRole("button", { name: "Send them again" }));

    expect(callApiMock).toHaveBeenLastCalledWith(unsubscribeEndpoint, { token, subscribe: true });
    expect(screen.getByRole("button", { name: "Send them again" })).toHaveProperty("disabled", true);
    // The answer so far stays on screen while the new one is on its way.
    expect(screen.getByRole("heading", { name: "You're unsubscribed" })).toBeTruthy();

    server.answerNext();
    const heading = await screen.findByRole("heading", { name: "Reminders are back on" });
    expect(heading.parentElement?.textContent).toContain(
      "a•••@example.com will get yearly portrait reminders again.",
    );
    expect(screen.getByRole("button", { name: "Stop these e-mails" })).toHaveProperty("disabled", false);
  });

  it("shows the server's message for a link it refuses, with the way to the account", async () => {
    callApiMock.mockRejectedValueOnce(
      new ApiError(400, emailPreferenceErrorCodes.linkInvalid, "The server's own words about the link."),
    );
    renderPage(`?token=${token}`);
    await userEvent.click(screen.getByRole("button", { name: "Stop these e-mails" }));

    expect(await screen.findByRole("heading", { name: "This link doesn't work" })).toBeTruthy();
    expect(screen.getByText("The server's own words about the link.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop these e-mails" })).toBeNull();
    expect(signInLink()).toBeTruthy();
  });

  it.each([
    ["no token", ""],
    ["a token cut short", "?token=series-remind"],
  ])("explains a link with %s without asking the server", (_case, search) => {
    renderPage(search);
    expect(screen.getByRole("heading", { name: "This link doesn't work" })).toBeTruthy();
    expect(screen.getByText(emailPreferenceMessages.linkInvalid)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Stop these e-mails" })).toBeNull();
    expect(callApiMock).not.toHaveBeenCalled();
  });

  it("sends a signed-in parent straight to their e-mail settings", () => {
    renderPage("", signedIn);
    const link = screen.getByRole("link", { name: "Open your e-mail settings" });
    expect(link.getAttribute("href")).toBe(settingsSection);
  });

  it("keeps the button after a failure that is not the link's, to try again", async () => {
    callApiMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    renderPage(`?token=${token}`, signedIn);
    await userEvent.click(screen.getByRole("button", { name: "Stop these e-mails" }));

    expect((await screen.findByRole("alert")).textContent).toBe("We couldn't change that. Please try again.");
    expect(screen.getByRole("button", { name: "Stop these e-mails" })).toHaveProperty("disabled", false);
  });
});
