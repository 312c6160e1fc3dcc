import { ChevronDown } from "lucide-react";
import type { SelectHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & {
  invalid?: boolean;
  size?: "sm" | "md";
};

/**
 * A native select in the design system's clothes: the platform's own picker (a wheel on phones, a
 * list with type-ahead on desktop) and its accessibility, with our border, focus ring and chevron.
 */
export function Select({ className, invalid, size = "md", children, ...props }: SelectProps) {
  return (
    <div className={cn("relative", className)}>
      <select
        className={cn(
          "w-full appearance-none rounded-xl border bg-surface pr-10 pl-3.5 text-ink",
          "transition-colors focus:outline-none focus:ring-4",
          "disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted",
          size === "sm" ? "h-9 text-sm" : "h-11 text-[0.95rem]",
          invalid
            ? "border-danger-600 focus:border-danger-600 focus:ring-danger-50"
            : "border-line focus:border-primary-500 focus:ring-primary-100",
        )}
        aria-invalid={invalid || undefined}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
