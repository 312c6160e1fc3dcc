import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { checkEnteredPassword, checkRequiredEmail } from "./form-rules";
import { enteredPasswordSchema, requiredEmailSchema } from "./form-schemas";

function viaSchema(schema: z.ZodType<string>, input: string) {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "" };
}

describe("the sign-in and sign-up form rules without zod", () => {
  it("check a required e-mail as requiredEmailSchema does", () => {
    for (const input of ["", "   ", "mia", " Parent@Example.com ", "a@b", `${"a".repeat(250)}@x.com`])
      expect(checkRequiredEmail(input), JSON.stringify(input)).toEqual(viaSchema(requiredEmailSchema, input));
  });

  it("check an entered password as enteredPasswordSchema does", () => {
    for (const input of ["", " ", "short", "x".repeat(128), "x".repeat(129)])
      expect(checkEnteredPassword(input), JSON.stringify(input)).toEqual(
        viaSchema(enteredPasswordSchema, input),
      );
  });
});
