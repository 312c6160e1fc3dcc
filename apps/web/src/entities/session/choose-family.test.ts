import { describe, expect, it } from "vitest";
import { chooseFamilyId } from "./choose-family";

const families = [{ id: "own" }, { id: "grandma" }];

describe("chooseFamilyId", () => {
  it("keeps the family this browser was using while the parent belongs to it", () => {
    expect(chooseFamilyId({ stored: "grandma", defaultId: "own", families })).toBe("grandma");
  });

  it("falls back to the default when the parent left or was removed from the stored family", () => {
    expect(chooseFamilyId({ stored: "gone", defaultId: "own", families })).toBe("own");
  });

  it("uses the default when nothing is stored yet", () => {
    expect(chooseFamilyId({ stored: null, defaultId: "own", families: undefined })).toBe("own");
    expect(chooseFamilyId({ stored: null, defaultId: null, families: [] })).toBeNull();
  });

  it("keeps the stored family when the list could not be read", () => {
    expect(chooseFamilyId({ stored: "grandma", defaultId: "own", families: undefined })).toBe("grandma");
  });
});
