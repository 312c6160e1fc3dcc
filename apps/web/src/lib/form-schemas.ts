import { authMessages, emailSchema, PASSWORD_MAX_LENGTH } from "@wonderkin/contract";
import { z } from "zod";
import { enteredPasswordMessages } from "./form-rules";

/**
 * Form-level variants of the contract's schemas: an empty field says what is missing ('Email is
 * required', spec §5) before the format rule speaks. The same rules without zod: form-rules.ts.
 */
export const requiredEmailSchema = z.string().trim().min(1, authMessages.emailRequired).pipe(emailSchema);

/** A password being typed to prove who you are: any length the server accepts, just not empty. */
export const enteredPasswordSchema = z
  .string()
  .min(1, enteredPasswordMessages.missing)
  .max(PASSWORD_MAX_LENGTH, enteredPasswordMessages.tooLong);
