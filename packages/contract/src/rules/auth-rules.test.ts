import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailSchema, passwordSchema, personNameSchema } from "../auth";
import { checkEmail, checkPassword, checkPersonName, EMAIL_PATTERN } from "./auth-rules";

/** What a schema says of an input, in the shape of the plain checks' answer. */
function viaSchema(schema: z.ZodType<string>, input: string) {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "" };
}

const emails = [
  "",
  " ",
  "parent@example.com",
  "  Parent@Example.COM ",
  "first.last+kids@mail.example.co.uk",
  "o'brien@example.ie",
  "no-at-sign.example.com",
  "two@@example.com",
  "trailing.dot.@example.com",
  ".leading@example.com",
  "a@b.c",
  "a@localhost",
  "ümlaut@example.com",
  "space in@example.com",
  `${"a".repeat(64)}@${"b".repeat(185)}.com`,
  `${"a".repeat(64)}@${"b".repeat(186)}.com`,
  `${"a".repeat(300)}@example.com`,
];

describe("the identity rules without zod", () => {
  it("use zod's own e-mail pattern", () => {
    for (const input of emails) expect(EMAIL_PATTERN.test(input), input).toBe(z.regexes.email.test(input));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("check an e-mail address as emailSchema does", () => {
    for (const input of emails)
      expect(checkEmail(input), JSON.stringify(input)).toEqual(viaSchema(emailSchema, input));
  });

  it("check a password as passwordSchema does", () => {
    for (const input of ["", "1234567", "12345678", " spaces  ", "x".repeat(128), "x".repeat(129)])
      expect(checkPassword(input), JSON.stringify(input)).toEqual(viaSchema(passwordSchema, input));
  });

  it("check a person's name as personNameSchema does", () => {
    for (const input of ["", "   ", "Mia", "  Mia  ", "x".repeat(60), ` ${"x".repeat(60)} `, "x".repeat(61)])
      expect(checkPersonName(input), JSON.stringify(input)).toEqual(viaSchema(personNameSchema, input));
  });
});
