import { describe, expect, it } from "vitest";
import { consentPath, withChild } from "./flow-links";

describe("flow links", () => {
  it("name the child in the query", () => {
    expect(withChild("/kids/upload-images", 12)).toBe("/kids/upload-images?child=12");
    expect(withChild("/kids/upload-images", null)).toBe("/kids/upload-images");
  });

  it("send the parent to the consent page and back", () => {
    expect(consentPath("/kids/upload-images?child=3")).toBe(
      "/kids/consent-agreement?returnUrl=%2Fkids%2Fupload-images%3Fchild%3D3",
    );
    expect(consentPath()).toBe("/kids/consent-agreement");
  });
});
