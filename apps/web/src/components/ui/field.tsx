import { cloneElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

type FieldProps = {
  label: string;
  /** The form control; it receives id, aria-describedby and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
  hint?: string;
  error?: string | undefined;
  /** Beside the label, on the right: e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Marks the field as one that may be left empty. */
  optional?: boolean;
  className?: string;
};

/** A labelled form control with its hint and error, wired for screen readers. */
export function Field({ label, children, hint, error, labelAside, optional = false, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold wrap-anywhere text-ink">
          {label}
          {optional ? <span className="ml-1.5 font-normal text-muted">(optional)</span> : null}
        </label>
        {labelAside ? <div className="text-sm">{labelAside}</div> : null}
      </div>
      {cloneElement(children, {
        id,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        invalid: Boolean(error),
      })}
      {hint && !error ? (
        <p id={hintId} className="text-sm wrap-anywhere text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
