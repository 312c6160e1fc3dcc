import { describe, expect, it } from "vitest";
import { toasterPlacement } from "./toaster-placement";

describe("where the toasts go", () => {
  it("stays below the header, top-right, on a desktop", () => {
    expect(toasterPlacement(false)).toMatchObject({
      position: "top-right",
      offset: { top: "calc(var(--app-header-height) + 0.75rem)" },
    });
  });

  it("rises from the bottom on a phone, clear of the page's first lines", () => {
    const phone = toasterPlacement(true);
    expect(phone.position).toBe("bottom-center");
    expect(phone.mobileOffset).toEqual({ bottom: "calc(env(safe-area-inset-bottom) + 0.75rem)" });
  });
});
