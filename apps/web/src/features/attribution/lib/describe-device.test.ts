import { describe, expect, it } from "vitest";
import { deviceTypeOf, operatingSystemOf } from "./describe-device";

const agents = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  pixel:
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  linux:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
};

describe("deviceTypeOf", () => {
  it("tells phones, tablets and computers apart", () => {
    expect(deviceTypeOf(agents.iphone)).toBe("mobile");
    expect(deviceTypeOf(agents.pixel)).toBe("mobile");
    expect(deviceTypeOf(agents.ipad)).toBe("tablet");
    expect(deviceTypeOf(agents.androidTablet)).toBe("tablet");
    expect(deviceTypeOf(agents.windows)).toBe("desktop");
    expect(deviceTypeOf(agents.mac)).toBe("desktop");
    expect(deviceTypeOf("")).toBe("desktop");
  });
});

describe("operatingSystemOf", () => {
  it("names the system", () => {
    expect(operatingSystemOf(agents.iphone)).toBe("iOS");
    expect(operatingSystemOf(agents.ipad)).toBe("iOS");
    expect(operatingSystemOf(agents.pixel)).toBe("Android");
    expect(operatingSystemOf(agents.windows)).toBe("Windows");
    expect(operatingSystemOf(agents.mac)).toBe("macOS");
    expect(operatingSystemOf(agents.linux)).toBe("Linux");
    expect(operatingSystemOf(agents.chromebook)).toBe("ChromeOS");
    expect(operatingSystemOf("curl/8")).toBe("Other");
  });
});
