import { describe, expect, it } from "vitest";
import { finalizeSocialUrl } from "./finalize-social-url";
import { readSignInLocationState } from "./sign-in-location-state";
import { withReturnUrl } from "./with-return-url";

describe("finalizeSocialUrl", () => {
  it("names the provider, marks new accounts and carries the returnUrl", () => {
    expect(finalizeSocialUrl({ provider: "google" })).toBe("/finalize-social?provider=google");
    expect(
      finalizeSocialUrl({ provider: "facebook", isNewUser: true, returnUrl: "/kids/upload-tips?x=1" }),
    ).toBe("/finalize-social?provider=facebook&new=1&returnUrl=%2Fkids%2Fupload-tips%3Fx%3D1");
  });
});

describe("withReturnUrl", () => {
  it("keeps where the visitor was going across the sign-in pages", () => {
    expect(withReturnUrl("/sign-in", "/account/settings")).toBe("/sign-in?returnUrl=%2Faccount%2Fsettings");
    expect(withReturnUrl("/sign-in", null)).toBe("/sign-in");
  });
});

describe("readSignInLocationState", () => {
  it("reads the e-mail and notice handed to /sign-in, ignoring anything else", () => {
    expect(readSignInLocationState({ email: "a@b.co", notice: "Hi", extra: 1 })).toEqual({
      email: "a@b.co",
      notice: "Hi",
    });
    expect(readSignInLocationState({ email: 42 })).toEqual({});
    expect(readSignInLocationState(null)).toEqual({});
  });
});
