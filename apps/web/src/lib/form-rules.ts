import {
  authMessages,
  type Checked,
  checkEmail,
  PASSWORD_MAX_LENGTH,
  passwordMessages,
} from "@wonderkin/contract/rules";

/**
 * Form-level rules on top of the contract's, as plain checks for the pages that do without zod
 * (sign-in, sign-up; decision 0036). form-schemas.ts makes the zod schemas of the other pages' forms
 * from the same words, and form-rules.test.ts checks that both answer alike.
 */
export const enteredPasswordMessages = {
  missing: "Please enter your password.",
  tooLong: passwordMessages.tooLong,
} as const;

/** An e-mail field: an empty one says what is missing ('Email is required', spec §5) before the format rule speaks. */
export function checkRequiredEmail(input: string): Checked {
  if (input.trim().length === 0) return { ok: false, message: authMessages.emailRequired };
  return checkEmail(input);
}

/** A password being typed to prove who you are: any length the server accepts, just not empty. */
export function checkEnteredPassword(input: string): Checked {
  if (input.length === 0) return { ok: false, message: enteredPasswordMessages.missing };
  if (input.length > PASSWORD_MAX_LENGTH) return { ok: false, message: enteredPasswordMessages.tooLong };
  return { ok: true, value: input };
}
