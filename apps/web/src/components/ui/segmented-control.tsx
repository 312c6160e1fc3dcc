import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** `coveringRadioClass` without its cursor, for a radio that may be locked (it sets its own). */
export const coveringRadioBaseClass =
  "absolute inset-0 size-full appearance-none rounded-[inherit] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-400";

/** A radio button laid invisibly over its whole label: the label looks like the control and is it. */
export const coveringRadioClass = `${coveringRadioBaseClass} cursor-pointer`;

export type SegmentedOption<T extends string> = {
  value: T;
  label: string;
  icon?: LucideIcon;
  /** A word after the label (e.g. a saving), read with it. */
  aside?: ReactNode;
};

/** A few options side by side, one chosen: a segmented control built on radio buttons. */
export function SegmentedControl<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  size = "md",
  className,
}: {
  /** Names the group for screen readers. */
  legend: string;
  name: string;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  /** `sm` tightens the options, for a row that shares its line. */
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-grid auto-cols-fr grid-flow-col rounded-full bg-canvas p-1 ring-1 ring-line">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "relative flex items-center justify-center gap-1.5 rounded-full py-1.5 text-sm font-semibold transition-colors",
              size === "sm" ? "px-3" : "px-4",
              value === option.value ? "bg-surface text-ink shadow-sm ring-1 ring-line" : "text-muted",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className={coveringRadioClass}
            />
            {option.icon ? <option.icon className="size-4" aria-hidden /> : null}
            {option.label}
            {option.aside}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
