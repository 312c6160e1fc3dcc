import type { Checked } from "@wonderkin/contract/rules";
import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from "react";

type Check = (input: string) => Checked;

type CheckedFormOptions<Name extends string> = {
  defaultValues: Record<Name, string>;
  /** One plain check per field (the contract's rules); the first field that fails gets the focus. */
  checks: Record<Name, Check>;
};

/**
 * A small form of text fields checked by plain functions, for the public pages that do without
 * react-hook-form and zod (sign-in, sign-up; decision 0036). It behaves as those forms did with
 * react-hook-form: fields are uncontrolled, every check runs on submit, a field is checked again as
 * it changes once the form has been submitted, the first failing field takes the focus, and the
 * handler gets the checked values (trimmed, lower-cased…) while `isSubmitting` is true.
 */
export function useCheckedForm<Name extends string>({ defaultValues, checks }: CheckedFormOptions<Name>) {
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const names = Object.keys(checks) as Name[];

  const getValue = (name: Name): string => inputs.current.get(name)?.value ?? defaultValues[name];
  const setError = (name: Name, message: string | undefined) =>
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  const focus = (name: Name) => inputs.current.get(name)?.focus();
  const clearErrors = useCallback(() => setErrors({}), []);

  const register = (name: Name) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!submitted.current) return;
      const checked = checks[name](event.target.value);
      setError(name, checked.ok ? undefined : checked.message);
    },
  });

  const handleSubmit =
    (onValid: (values: Record<Name, string>) => Promise<void>) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      const values = {} as Record<Name, string>;
      const found: Partial<Record<Name, string>> = {};
      for (const name of names) {
        const checked = checks[name](getValue(name));
        if (checked.ok) values[name] = checked.value;
        else found[name] = checked.message;
      }
      setErrors(found);
      const firstInvalid = names.find((name) => found[name] !== undefined);
      if (firstInvalid !== undefined) {
        focus(firstInvalid);
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values);
      } finally {
        setSubmitting(false);
      }
    };

  return { register, handleSubmit, errors, isSubmitting, getValue, setError, clearErrors, focus };
}
