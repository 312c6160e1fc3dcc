// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { finalizeSocialUrl } from "./finalize-social-url";
import {
  newPopupAttempt,
  prefersSignInPopup,
  SOCIAL_POPUP_MESSAGE,
  socialPopupOutcome,
  socialPopupUrl,
  waitForSocialPopup,
} from "./social-popup";

const search = (url: string) => url.slice(url.indexOf("?"));

describe("the popup's way back", () => {
  it("goes on where the redirect would have gone", () => {
    const next = finalizeSocialUrl({
      provider: "google",
      isNewUser: true,
      returnUrl: "/kids/upload-tips?x=1",
    });
    const url = socialPopupUrl("a1", next);
    expect(url.startsWith("/social-sign-in/popup?")).toBe(true);
    expect(socialPopupOutcome(search(url))).toEqual({ attempt: "a1", to: next });
  });

  it("carries what Better Auth and the server added for a refused sign-in to /sign-in", () => {
    const landed = `${socialPopupUrl("a2", "/sign-in")}&error=account_not_linked&email=hedy%40example.com`;
    expect(socialPopupOutcome(search(landed))).toEqual({
      attempt: "a2",
      to: "/sign-in?error=account_not_linked&email=hedy%40example.com",
    });
  });

  it("goes nowhere but this site", () => {
    for (const next of [
      "https://evil.example/x",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(socialPopupOutcome(`?${new URLSearchParams({ attempt: "a", next })}`), next).toBeNull();
    }
    expect(socialPopupOutcome("?next=%2Fsign-in")).toBeNull();
  });

  it("names each attempt afresh", () => {
    const attempt = newPopupAttempt();
    expect(attempt).toMatch(/^[0-9a-f]{24}$/);
    expect(newPopupAttempt()).not.toBe(attempt);
  });
});

describe("prefersSignInPopup", () => {
  it("asks for a fine pointer on a wide screen", () => {
    const matchMedia = vi.fn(
      (query: string) => ({ matches: query.includes("pointer: fine") }) as MediaQueryList,
    );
    expect(prefersSignInPopup({ matchMedia })).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith("(pointer: fine) and (min-width: 768px)");
    expect(prefersSignInPopup({ matchMedia: () => ({ matches: false }) as MediaQueryList })).toBe(false);
  });
});

describe("waitForSocialPopup", () => {
  afterEach(() => vi.useRealTimers());

  const post = (data: unknown, origin = window.location.origin) =>
    window.dispatchEvent(new MessageEvent("message", { data, origin }));

  it("takes only this site's word about this attempt", async () => {
    const popup = { closed: false } as Window;
    const outcome = waitForSocialPopup(popup, "mine");
    post(
      { type: SOCIAL_POPUP_MESSAGE, attempt: "mine", to: "/finalize-social?provider=google" },
      "https://evil.example",
    );
    post({ type: SOCIAL_POPUP_MESSAGE, attempt: "an-older-one", to: "/sign-in?error=x" });
    post({ type: "something-else", attempt: "mine", to: "/sign-in" });
    post({ type: SOCIAL_POPUP_MESSAGE, attempt: "mine", to: "https://evil.example/" });
    post({ type: SOCIAL_POPUP_MESSAGE, attempt: "mine", to: "/finalize-social?provider=google" });
    await expect(outcome).resolves.toEqual({ kind: "done", to: "/finalize-social?provider=google" });
  });

  it("ends when the parent closes the popup, after a message already on its way", async () => {
    vi.useFakeTimers();
    const popup = { closed: false } as { closed: boolean };
    const outcome = waitForSocialPopup(popup as Window, "mine");
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(600);
    // Closed right after posting: the message still counts.
    post({ type: SOCIAL_POPUP_MESSAGE, attempt: "mine", to: "/sign-in?error=access_denied" });
    await expect(outcome).resolves.toEqual({ kind: "done", to: "/sign-in?error=access_denied" });

    const abandoned = { closed: false } as { closed: boolean };
    const gaveUp = waitForSocialPopup(abandoned as Window, "other");
    abandoned.closed = true;
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(gaveUp).resolves.toEqual({ kind: "closed" });
  });
});
