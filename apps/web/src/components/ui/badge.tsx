import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0",
  {
    variants: {
      tone: {
        primary: "bg-primary-100 text-primary-700",
        accent: "bg-accent-100 text-night-900",
        neutral: "bg-canvas text-muted ring-1 ring-line ring-inset",
        success: "bg-success-50 text-success-700",
        warning: "bg-warning-50 text-warning-700",
      },
    },
    defaultVariants: { tone: "neutral" },
  },
);

/** A short label beside a name: a role, a state. */
export function Badge({
  tone,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
