import type { InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export function Input({ className, invalid, ...props }: InputProps) {
  return (
    <input
      className={cn(
        "h-11 w-full rounded-xl border bg-surface px-3.5 text-[0.95rem] text-ink placeholder:text-subtle",
        "transition-colors focus:outline-none focus:ring-4",
        "disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted",
        invalid
          ? "border-danger-600 focus:border-danger-600 focus:ring-danger-50"
          : "border-line focus:border-primary-500 focus:ring-primary-100",
        className,
      )}
      aria-invalid={invalid || undefined}
      {...props}
    />
  );
}
