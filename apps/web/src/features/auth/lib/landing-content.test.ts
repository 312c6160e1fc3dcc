import { categories, categoriesOfStyle, findStyle, plans } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { dayCount, landingFaq, landingSamples, planBriefs } from "./landing-content";

describe("the landing's content", () => {
  it("shows real styles of different categories, at their catalogue preview paths", () => {
    for (const sample of landingSamples) {
      const style = findStyle(sample.styleId);
      expect(style?.title, sample.styleId).toBe(sample.title);
      expect(style?.imagePath, sample.styleId).toBe(sample.imagePath);
      expect(categoriesOfStyle(sample.styleId).map((category) => category.title)).toContain(sample.category);
    }
    expect(new Set(landingSamples.map((sample) => sample.category)).size).toBe(landingSamples.length);
    expect(categories.length).toBeGreaterThanOrEqual(landingSamples.length);
  });

  it("briefs every plan with its prices per billing cycle and only the features already there", () => {
    const briefs = planBriefs();
    expect(briefs.map((brief) => brief.name)).toEqual(plans.map((plan) => plan.name));
    expect(briefs.find((brief) => brief.key === "alchemist")?.price).toBe("$19 once");
    expect(briefs.find((brief) => brief.key === "magician")?.price).toBe("$14.99 a month or $149.90 a year");
    // Extra child is sold (decision 0051); features still coming are not.
    const oracle = briefs.find((brief) => brief.key === "oracle");
    expect(oracle?.features).toContain("Extra child");
    const coming = plans.flatMap((plan) => plan.features.filter((feature) => feature.comingSoon));
    for (const feature of coming) expect(oracle?.features).not.toContain(feature.value);
    expect(briefs.filter((brief) => brief.popular)).toHaveLength(1);
  });

  it("answers with the deployment's own numbers", () => {
    const faq = landingFaq({ appName: "Kinfolk", trainingPhotosDays: 1, photos: { min: 8, max: 20 } });
    const text = faq.map((item) => `${item.question} ${item.answer}`).join("\n");
    expect(text).toContain("1 day after training");
    expect(text).toContain("Between 8 and 20 everyday photos");
    expect(text).toContain("drawn for Kinfolk");
    expect(dayCount(30)).toBe("30 days");
  });
});
