import { describe, expect, it } from "vitest";
import { clientIdFromGaCookie, readCookie } from "./cookies";

describe("readCookie", () => {
  it("finds a cookie among others, decoded, and nothing when it is absent or empty", () => {
    const cookies = "_ga=GA1.1.123.456; _fbp=fb.1.1700000000000.42; note=a%20b; empty=";
    expect(readCookie(cookies, "_fbp")).toBe("fb.1.1700000000000.42");
    expect(readCookie(cookies, "note")).toBe("a b");
    expect(readCookie(cookies, "_fbc")).toBeUndefined();
    expect(readCookie(cookies, "empty")).toBeUndefined();
    expect(readCookie("", "_ga")).toBeUndefined();
  });

  it("does not mistake a cookie whose name merely ends the same way", () => {
    expect(readCookie("x_fbp=nope", "_fbp")).toBeUndefined();
  });
});

describe("clientIdFromGaCookie", () => {
  it("takes the client id out of the _ga cookie", () => {
    expect(clientIdFromGaCookie("GA1.1.123.456")).toBe("123.456");
    expect(clientIdFromGaCookie("GA1.2.1234567890.1700000000")).toBe("1234567890.1700000000");
  });

  it("answers nothing for a missing or malformed cookie", () => {
    expect(clientIdFromGaCookie(undefined)).toBeUndefined();
    expect(clientIdFromGaCookie("GS1.1.abc")).toBeUndefined();
    expect(clientIdFromGaCookie("GA1.1.123")).toBeUndefined();
  });
});
