import { describe, expect, it } from "vitest";
import { testPhoto } from "./test-photos";
import { canStartYearlyUpdate, photosSince, todayUtc, updateTooSoon } from "./yearly-update";

describe("the yearly update's rules", () => {
  it("is too soon before availableOn, on the UTC calendar", () => {
    expect(todayUtc(new Date("2026-11-24T23:30:00.000Z"))).toBe("2026-11-24");
    expect(updateTooSoon("2026-11-25", "2026-11-24")).toBe(true);
    expect(updateTooSoon("2026-11-25", "2026-11-25")).toBe(false);
    expect(updateTooSoon("2026-11-25", "2027-01-01")).toBe(false);
    expect(updateTooSoon(null, "2026-11-24")).toBe(false);
  });

  it("counts as this year's the photos added after the model was trained", () => {
    const photos = [
      testPhoto("before", { createdAt: "2025-11-19T10:00:00.000Z" }),
      testPhoto("after", { createdAt: "2025-11-21T10:00:00.000Z" }),
    ];
    expect(photosSince(photos, "2025-11-20T10:00:00.000Z").map(({ id }) => id)).toEqual(["after"]);
    expect(photosSince(photos, null)).toHaveLength(2);
  });

  it("starts only with enough photos, none on the way, the role for it and nothing running", () => {
    const ready = { newPhotoCount: 5, minPhotos: 5, uploading: false, mayStart: true, started: false };
    expect(canStartYearlyUpdate(ready)).toBe(true);
    expect(canStartYearlyUpdate({ ...ready, newPhotoCount: 4 })).toBe(false);
    expect(canStartYearlyUpdate({ ...ready, uploading: true })).toBe(false);
    expect(canStartYearlyUpdate({ ...ready, mayStart: false })).toBe(false);
    expect(canStartYearlyUpdate({ ...ready, started: true })).toBe(false);
  });
});
