import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { findUnsafeText } from "./text";
import { updateUserEndpoint } from "./user";

describe("safe text", () => {
  it("finds NUL characters and unpaired surrogates, with their path", () => {
    expect(findUnsafeText({ a: ["ok", "b\u0000"] })).toEqual({
      path: ["a", 1],
      message: "must not contain a NUL character",
    });
    expect(findUnsafeText({ name: "\uD83D" })?.message).toBe("must be valid Unicode text");
    expect(findUnsafeText({ name: "x\uDE00" })?.path).toEqual(["name"]);
    expect(findUnsafeText({ "k\u0000": 1 })?.message).toMatch(/field name/);
  });

  it("accepts emoji, right-to-left text and other control characters", () => {
    expect(findUnsafeText({ name: "Émile 👶🏽 مرحبا \u202e\t\n" })).toBeNull();
  });

  it("is refused by every endpoint's request schema, naming the field", () => {
    const endpoint = defineEndpoint({
      method: "POST",
      path: "/api/example",
      request: z.object({ nested: z.object({ name: z.string() }) }),
      response: z.object({}),
    });
    const result = endpoint.request.safeParse({ nested: { name: "a\u0000b" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["nested", "name"]);
    expect(endpoint.request.safeParse({ nested: { name: "ab" } }).success).toBe(true);
  });

  it("applies to the real contract (the attack's example)", () => {
    const result = updateUserEndpoint.request.safeParse({ firstName: "a\u0000b" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("firstName");
  });
});
