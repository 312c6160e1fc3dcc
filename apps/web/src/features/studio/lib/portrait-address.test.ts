import { describe, expect, it } from "vitest";
import { portraitAddress, portraitToOpen } from "./portrait-address";

describe("the address of a portrait in the studio", () => {
  it("names the portrait to open", () => {
    expect(portraitAddress("/kids/children/3/magic-studio", "img 1")).toBe(
      "/kids/children/3/magic-studio?portrait=img%201",
    );
  });

  it("is read back once, leaving the rest of the address without the checkout's marks", () => {
    expect(portraitToOpen("?portrait=img%201&addOn=success&session_id=cs_1&style=fairy")).toEqual({
      imageId: "img 1",
      rest: "?style=fairy",
    });
    expect(portraitToOpen("?portrait=a&addOn=success")).toEqual({ imageId: "a", rest: "" });
    expect(portraitToOpen("?style=fairy")).toBeNull();
  });
});
