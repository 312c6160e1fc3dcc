import { describe, expect, it } from "vitest";
import { childStage, describeAge, photoCountText } from "./child-stage";

describe("childStage", () => {
  it("asks for photos until the minimum is reached", () => {
    expect(childStage({ photoCount: 0, trainingStatus: null }, 10)).toBe("needs-photos");
    expect(childStage({ photoCount: 9, trainingStatus: null }, 10)).toBe("needs-photos");
    expect(childStage({ photoCount: 10, trainingStatus: null }, 10)).toBe("photos-in");
  });

  it("follows the training status once there is one", () => {
    expect(childStage({ photoCount: 12, trainingStatus: "started" }, 10)).toBe("training");
    expect(childStage({ photoCount: 12, trainingStatus: "failed" }, 10)).toBe("failed");
    expect(childStage({ photoCount: 12, trainingStatus: "completed" }, 10)).toBe("ready");
    // A trained model stays ready even if photos were deleted since (retention, or by hand).
    expect(childStage({ photoCount: 0, trainingStatus: "completed" }, 10)).toBe("ready");
  });
});

describe("describeAge and photoCountText", () => {
  it("speak in whole words", () => {
    expect(describeAge(0)).toBe("Under 1 year old");
    expect(describeAge(1)).toBe("1 year old");
    expect(describeAge(7)).toBe("7 years old");
    expect(photoCountText(1)).toBe("1 photo");
    expect(photoCountText(0)).toBe("0 photos");
  });
});
