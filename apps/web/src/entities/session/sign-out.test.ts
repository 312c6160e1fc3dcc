import { describe, expect, it } from "vitest";
import { parseSignOutNotice } from "./sign-out";

describe("parseSignOutNotice", () => {
  it("reads a stored notice with its tone", () => {
    expect(
      parseSignOutNotice(JSON.stringify({ message: "Your account has been deleted.", tone: "success" })),
    ).toEqual({ message: "Your account has been deleted.", tone: "success" });
    expect(parseSignOutNotice(JSON.stringify({ message: "Sign in again.", tone: "info" }))).toEqual({
      message: "Sign in again.",
      tone: "info",
    });
  });

  it("treats a bare message, or an unknown shape, as a problem to show", () => {
    expect(parseSignOutNotice("User not found in DB")).toEqual({
      message: "User not found in DB",
      tone: "error",
    });
    expect(parseSignOutNotice(JSON.stringify({ message: "Hi", tone: "shout" }))).toEqual({
      message: "Hi",
      tone: "error",
    });
  });

  it("is nothing when nothing was left", () => {
    expect(parseSignOutNotice(null)).toBeNull();
    expect(parseSignOutNotice("")).toBeNull();
  });
});
