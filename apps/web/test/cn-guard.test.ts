import { describe, expect, it, vi } from "vitest";
import { cn } from "@/lib/cn";
import { describeConflict, droppedClasses, takeConflicts } from "./cn-guard";

describe("the cn guard of the web tests", () => {
  it("names the classes tailwind-merge would drop, and the classes they conflict with", () => {
    expect(droppedClasses("inline-flex h-9 px-4 text-sm h-auto px-3")).toEqual([
      { dropped: "h-9", by: ["h-auto"] },
      { dropped: "px-4", by: ["px-3"] },
    ]);
    expect(describeConflict("border border-line border-danger-600")).toBe(
      '"border-line" (set again by "border-danger-600") in cn("border border-line border-danger-600")',
    );
  });

  it("passes classes that set different properties, variants or the same class twice", () => {
    expect(
      droppedClasses("  inline-flex  h-9 px-4 text-sm text-ink max-sm:px-3 hover:bg-primary-50 px-4 "),
    ).toEqual([]);
    expect(describeConflict("rounded-full ring-1 ring-line has-checked:ring-primary-200")).toBeNull();
  });

  it("records a conflicting cn call, which fails the test after it ends", () => {
    expect(cn("h-9 px-4", "h-auto")).toBe("h-9 px-4 h-auto");
    // Taken here, so that this test (which wants the conflict) does not fail for it.
    expect(takeConflicts()).toEqual(['"h-9" (set again by "h-auto") in cn("h-9 px-4 h-auto")']);
  });

  it("records nothing for a clean call", () => {
    expect(cn("h-9 px-4", false, { "text-sm": true })).toBe("h-9 px-4 text-sm");
    expect(takeConflicts()).toEqual([]);
  });

  it("checks the production cn, which joins without merging", async () => {
    const actual = await vi.importActual<typeof import("@/lib/cn")>("@/lib/cn");
    expect(actual.cn("px-4", ["px-3", null], { hidden: false })).toBe("px-4 px-3");
    expect(takeConflicts()).toEqual([]);
  });
});
