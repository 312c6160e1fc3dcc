import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  /** A line under the label: what ticking the box means. */
  description?: ReactNode;
  error?: string | undefined;
};

/** A checkbox with its label beside it (the whole row is clickable), and its error below. */
export function CheckboxField({ label, description, error, className, ...props }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <div
        className={cn(
          "flex items-start gap-3 rounded-2xl bg-canvas p-4 ring-1 transition-colors has-checked:bg-primary-50 has-checked:ring-primary-200",
          error ? "ring-danger-600" : "ring-line",
        )}
      >
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...props}
        />
        <label htmlFor={id} className="text-[0.95rem] leading-snug">
          <span className="font-semibold text-ink">{label}</span>
          {description ? <span className="mt-0.5 block text-sm text-muted">{description}</span> : null}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
