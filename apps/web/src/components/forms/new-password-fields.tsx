import { PASSWORD_MIN_LENGTH } from "@wonderkin/contract";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";

type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields<Values extends NewPasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  // The two names exist on every form this is used in (Values extends NewPasswordValues).
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const fieldErrors = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <Field
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={fieldErrors.newPassword?.message}
      >
        <PasswordInput autoComplete="new-password" {...reg("newPassword")} />
      </Field>
      <Field label="Confirm password" error={fieldErrors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...reg("confirmPassword")} />
      </Field>
    </>
  );
}
