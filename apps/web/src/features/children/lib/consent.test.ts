import { CONSENT_AGREEMENT_VERSION } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { agreementVersionDate, consentStatus } from "./consent";
import { agreementTextVersion, consentAgreement } from "./consent-agreement";

describe("consentStatus", () => {
  it("is current only for this version of the agreement", () => {
    expect(
      consentStatus({ version: CONSENT_AGREEMENT_VERSION, acceptedAt: "2026-11-30T10:00:00.000Z" }),
    ).toBe("current");
    expect(consentStatus({ version: "2020-01-01", acceptedAt: "2020-01-02T10:00:00.000Z" })).toBe("outdated");
    expect(consentStatus(null)).toBe("missing");
    expect(consentStatus(undefined)).toBe("missing");
  });
});

describe("the agreement text", () => {
  const facts = {
    appName: "Wonderkin",
    retention: { trainingPhotosDays: 30, unverifiedAccountDays: 14 },
    photos: { min: 10, max: 30 },
    faceDetection: true,
  };

  it("is the text of the version the contract asks parents to accept", () => {
    // A new version in the contract means new words here: review the text, then move this along.
    expect(agreementTextVersion).toBe(CONSENT_AGREEMENT_VERSION);
    expect(consentAgreement(facts).version).toBe(CONSENT_AGREEMENT_VERSION);
  });

  it("states the deployment's own retention periods", () => {
    const text = JSON.stringify(consentAgreement(facts));
    expect(text).toContain("deleted 30 days after your child's model has been trained");
    expect(text).toContain("after 14 days");
    expect(
      JSON.stringify(
        consentAgreement({ ...facts, retention: { trainingPhotosDays: 1, unverifiedAccountDays: 7 } }),
      ),
    ).toContain("deleted 1 day after");
  });

  it("covers what, why, who, where, how long and how to delete", () => {
    const headings = consentAgreement(facts).sections.map((section) => section.heading);
    expect(headings).toEqual([
      "Who can agree",
      "What we process",
      "Why",
      "Who sees them",
      "Where they are processed",
      "How long we keep them",
      "How to delete everything, and withdraw",
      "What we record when you accept",
    ]);
  });

  it("mentions the face check only where it runs", () => {
    expect(JSON.stringify(consentAgreement(facts))).toContain("one clear face");
    expect(JSON.stringify(consentAgreement({ ...facts, faceDetection: false }))).not.toContain(
      "one clear face",
    );
  });

  it("says what the face checks compute and keep, where they run", () => {
    const text = JSON.stringify(consentAgreement(facts));
    expect(text).toContain("face descriptor — 128 numbers that describe the face");
    expect(text).toContain("the photo can't be rebuilt from them");
    expect(text).toContain("an estimate of the age");
    expect(text).toContain("We never show the estimated age");
    expect(text).toContain("biometric data");
    expect(text).toContain("never send them to the image-model provider, to analytics or to anyone else");
    // The old promise that the check keeps nothing is no longer true.
    expect(text).not.toContain("keeps nothing but its answer");
    const howLong = consentAgreement(facts).sections.find((section) => section.id === "how-long");
    expect(howLong?.items).toContain(
      "A photo's face descriptor: deleted with the photo — when you remove it, or when training photos are deleted 30 days after training.",
    );
    expect(howLong?.items?.some((item) => item.startsWith("Your child's reference face"))).toBe(true);

    const without = JSON.stringify(consentAgreement({ ...facts, faceDetection: false }));
    for (const words of ["descriptor", "biometric", "estimate of the age"])
      expect(without).not.toContain(words);
  });

  it("shows its version as a date", () => {
    expect(agreementVersionDate("2026-11-22")).toBe("22 November 2026");
    expect(agreementVersionDate("draft")).toBe("draft");
  });
});
