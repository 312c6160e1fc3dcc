import { CONSENT_AGREEMENT_VERSION } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { agreementVersionDate, consentStatus } from "./consent";
import { type AgreementFacts, agreementTextVersion, consentAgreement } from "./consent-agreement";

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
  const facts: AgreementFacts = {
    appName: "Wonderkin",
    retention: { trainingPhotosDays: 30, unverifiedAccountDays: 14 },
    photos: { min: 10, max: 30 },
    faceDetection: true,
    previews: { portraits: 4, referencePhotos: 4 },
    safety: { screening: true, quarantineDays: 0 },
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

  it("mentions the face check, and what it keeps of a group photo, only where it runs", () => {
    const text = JSON.stringify(consentAgreement(facts));
    expect(text).toContain("your child's clear face");
    expect(text).toContain("every other face blurred beyond recognition");
    expect(text).toContain("anything about the other people, is not kept");
    const without = JSON.stringify(consentAgreement({ ...facts, faceDetection: false }));
    expect(without).not.toContain("clear face");
    expect(without).not.toContain("other people");
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

  it("names the preview model, what it is sent, and how long the previews are kept", () => {
    const agreement = consentAgreement(facts);
    const where = agreement.sections.find((section) => section.id === "where");
    const previews = where?.paragraphs?.find((paragraph) => paragraph.includes("reference-image model"));
    expect(previews).toContain("up to 4 of your child's best photos");
    expect(previews).toContain("FLUX.2 [pro] by Black Forest Labs");
    expect(previews).toContain(
      "Replicate deletes the photos it was sent and the previews it made an hour after",
    );
    const text = JSON.stringify(agreement);
    expect(text).toContain("portraits and previews are deleted for good, at once");
    expect(text).toContain("photos, portraits and previews included");
  });

  it("states the deployment's own number of photos the previews are made from", () => {
    const agreement = consentAgreement({ ...facts, previews: { portraits: 4, referencePhotos: 2 } });
    const what = agreement.sections.find((section) => section.id === "what");
    expect(what?.items).toContain(
      `While the model trains, a few free preview portraits made from up to 2 of your child's best photos, marked "Preview".`,
    );
    const where = agreement.sections.find((section) => section.id === "where");
    expect(where?.paragraphs?.[1]).toContain("up to 2 of your child's best photos are also sent");
  });

  it("says nothing of previews where the deployment makes none, in whole sentences", () => {
    for (const faceDetection of [true, false]) {
      const agreement = consentAgreement({ ...facts, faceDetection, previews: null });
      expect(JSON.stringify(agreement)).not.toMatch(/preview/i);
      const section = (id: string) => agreement.sections.find((entry) => entry.id === id);
      expect(section("what")?.items).toHaveLength(3);
      expect(section("why")?.paragraphs?.[0]).toBe(
        "To train a private image model of your child, which is used only to make portraits for your family.",
      );
      expect(section("where")?.paragraphs).toHaveLength(1);
      expect(section("how-long")?.items).toContain(
        "Your child's details, model and portraits: kept while your account is active, so you can keep making and downloading portraits.",
      );
      const deletion = section("delete")?.items ?? [];
      expect(deletion[1]).toMatch(
        /trained model \(at the image-model provider too\) and portraits are deleted for good, at once\.$/,
      );
      expect(deletion[2]).toBe(
        "Everything about your children: delete your family on the family page, or close your account in account settings, where you can also download all your data first.",
      );
    }
  });

  it("says that every photo and portrait is checked on our own servers, and what becomes of one that fails", () => {
    const agreement = consentAgreement(facts);
    const section = (id: string) => agreement.sections.find((entry) => entry.id === id);
    const check = section("what")?.paragraphs?.find((paragraph) => paragraph.includes("nudity"));
    expect(check).toBe(
      "Every photo you upload, and every portrait and preview we make, is checked automatically on our own servers for nudity and sexual content before it is stored or shown; nothing is sent anywhere for this check. A photo that doesn't pass is refused. A portrait that doesn't pass is never shown: it is made again once, free, and if that one doesn't pass either, your credit is given back. A preview that doesn't pass is left out.",
    );
    expect(section("why")?.paragraphs).toContain(
      "To make sure that no photo or portrait shows nudity or sexual content, with the automatic safety check described above.",
    );
    // By default no copy of a failed picture is kept, and nobody looks at it.
    expect(section("how-long")?.items).toContain(
      "A picture that doesn't pass the safety check: no copy is kept, only a record of the check (a fingerprint of the picture that can't be turned back into it, the check's scores, the time and the reason), which is deleted with your child or your family.",
    );
    expect(JSON.stringify(section("who-sees"))).not.toContain("safety check");
  });

  it("says for how long, and who for, a failed picture is kept where the operator keeps it for review", () => {
    const agreement = consentAgreement({ ...facts, safety: { screening: true, quarantineDays: 14 } });
    const section = (id: string) => agreement.sections.find((entry) => entry.id === id);
    const kept = section("how-long")?.items?.find((item) => item.includes("safety check"));
    expect(kept).toContain("kept encrypted for 14 days, only so that our team can review the decision");
    expect(kept).toContain("then deleted");
    expect(section("who-sees")?.paragraphs).toContain(
      "A picture that doesn't pass the automatic safety check may be looked at by our team, to review the decision; nobody else sees it.",
    );
    expect(
      consentAgreement({ ...facts, safety: { screening: true, quarantineDays: 1 } }).sections.find(
        (entry) => entry.id === "how-long",
      )?.items,
    ).toContainEqual(expect.stringContaining("kept encrypted for 1 day,"));
  });

  it("says nothing of a safety check where none runs, and names no previews where none are made", () => {
    const off = JSON.stringify(
      consentAgreement({ ...facts, safety: { screening: false, quarantineDays: 14 } }),
    );
    for (const words of ["safety check", "nudity", "encrypted", "fingerprint"])
      expect(off).not.toContain(words);
    const check = consentAgreement({ ...facts, previews: null })
      .sections.find((entry) => entry.id === "what")
      ?.paragraphs?.find((paragraph) => paragraph.includes("nudity"));
    expect(check).toContain("Every photo you upload, and every portrait we make, is checked");
    expect(check).not.toMatch(/preview/i);
  });

  it("shows its version as a date", () => {
    expect(agreementVersionDate("2026-11-27")).toBe("27 November 2026");
    expect(agreementVersionDate("2026-11-22")).toBe("22 November 2026");
    expect(agreementVersionDate("2026-11-25.2")).toBe("25 November 2026");
    expect(agreementVersionDate("draft")).toBe("draft");
  });
});
