import { describe, expect, it } from "vitest";
import { progressHeading } from "./progress-heading";

describe("the progress page's heading", () => {
  it("says the studio is ready once the model is trained", () => {
    expect(progressHeading({ firstName: "Mia", trainingStatus: "completed" }).title).toBe(
      "Mia's studio is ready",
    );
  });

  it("says it is getting ready before that, and without a child yet", () => {
    for (const trainingStatus of [null, "started", "failed"] as const) {
      expect(progressHeading({ firstName: "Mia", trainingStatus }).title).toBe(
        "Mia's studio is getting ready",
      );
    }
    expect(progressHeading(null).title).toBe("Getting ready");
  });
});
