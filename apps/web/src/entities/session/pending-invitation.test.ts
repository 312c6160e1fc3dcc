// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetPendingInvitation,
  isInvitationPath,
  pendingInvitationKey,
  readPendingInvitation,
  rememberPendingInvitation,
} from "./pending-invitation";

afterEach(() => localStorage.clear());

describe("the pending invitation", () => {
  it("is remembered, read back and forgotten", () => {
    expect(readPendingInvitation()).toBeNull();
    rememberPendingInvitation("/invitation/inv_1");
    expect(localStorage.getItem(pendingInvitationKey)).toBe("/invitation/inv_1");
    expect(readPendingInvitation()).toBe("/invitation/inv_1");
    forgetPendingInvitation();
    expect(readPendingInvitation()).toBeNull();
  });

  it("only ever holds an invitation path", () => {
    rememberPendingInvitation("/account/settings");
    expect(localStorage.getItem(pendingInvitationKey)).toBeNull();
    // Whatever else ends up in storage is not followed.
    localStorage.setItem(pendingInvitationKey, "https://evil.example/invitation/x");
    expect(readPendingInvitation()).toBeNull();
  });

  it("recognises invitation paths", () => {
    expect(isInvitationPath("/invitation/abc")).toBe(true);
    expect(isInvitationPath("/invitation/")).toBe(false);
    expect(isInvitationPath("/invitation/a/b")).toBe(false);
    expect(isInvitationPath("//invitation/a")).toBe(false);
    expect(isInvitationPath(null)).toBe(false);
  });
});
