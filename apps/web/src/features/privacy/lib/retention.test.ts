import { describe, expect, it } from "vitest";
import { days, retentionRows } from "./retention";

describe("the retention table", () => {
  const periods = { trainingPhotosDays: 45, unverifiedAccountDays: 12 };
  const row = (id: string, rows = retentionRows(periods)) => rows.find((entry) => entry.id === id)?.howLong;

  it("states the deployment's own periods, from the configuration", () => {
    expect(row("training-photos")).toContain("45 days after your child's model has finished training");
    expect(row("unverified")).toContain("12 days after sign-up");
  });

  it("follows the configuration when it changes", () => {
    const rows = retentionRows({ trainingPhotosDays: 1, unverifiedAccountDays: 90 });
    expect(row("training-photos", rows)).toContain("1 day after");
    expect(row("unverified", rows)).toContain("90 days after");
  });

  it("covers every kind of data the policy describes, once", () => {
    const ids = retentionRows(periods).map((entry) => entry.id);
    expect(ids).toEqual([
      "training-photos",
      "children",
      "account",
      "unverified",
      "exports",
      "payments",
      "visitor-cookie",
    ]);
    expect(row("exports")).toContain("7 days");
    expect(row("payments")).toContain("never with anything about your children");
  });

  it("says how long face descriptors are kept, where the face checks run", () => {
    const rows = retentionRows(periods, { faceDetection: true });
    expect(rows.map((entry) => entry.id).slice(0, 3)).toEqual([
      "training-photos",
      "face-descriptors",
      "reference-face",
    ]);
    expect(row("face-descriptors", rows)).toBe(
      "Deleted with their photo: when you remove it, and when training photos are deleted 45 days after training.",
    );
    expect(row("reference-face", rows)).toContain(
      "deleted as soon as you delete the child, the family or your account",
    );
    expect(retentionRows(periods, { faceDetection: false }).map((entry) => entry.id)).not.toContain(
      "face-descriptors",
    );
  });

  it("says what is kept of a picture that fails the safety check, where the check runs", () => {
    const none = retentionRows(periods, { safety: { screening: true, quarantineDays: 0 } });
    expect(none.map((entry) => entry.id)).toEqual([
      "training-photos",
      "children",
      "safety-checks",
      "account",
      "unverified",
      "exports",
      "payments",
      "visitor-cookie",
    ]);
    expect(none.find((entry) => entry.id === "safety-checks")?.what).toBe(
      "Pictures that fail the safety check",
    );
    expect(row("safety-checks", none)).toBe(
      "No copy is kept. The record of the check (the picture's fingerprint, the scores, the time and the reason) is deleted with the child or the family.",
    );
    const kept = retentionRows(periods, { safety: { screening: true, quarantineDays: 30 } });
    expect(row("safety-checks", kept)).toContain(
      "An encrypted copy for 30 days, for our team's review, then deleted",
    );
    expect(row("safety-checks", kept)).toContain(
      "sooner when you delete the child, the family or your account",
    );
    expect(
      retentionRows(periods, { safety: { screening: false, quarantineDays: 30 } }).map((entry) => entry.id),
    ).not.toContain("safety-checks");
  });

  it("mentions the previews only where the deployment makes them", () => {
    const rows = retentionRows(periods, { previews: true });
    expect(rows.find((entry) => entry.id === "children")?.what).toBe(
      "Your children's details, their trained models, portraits and previews",
    );
    expect(row("children", rows)).toContain("Previews are kept and deleted with the portraits.");
    const without = retentionRows(periods, { previews: false });
    expect(without.find((entry) => entry.id === "children")?.what).toBe(
      "Your children's details, their trained models and portraits",
    );
    expect(JSON.stringify(without)).not.toMatch(/preview/i);
  });

  it("says days in words", () => {
    expect(days(1)).toBe("1 day");
    expect(days(30)).toBe("30 days");
  });
});
