import { cva, type VariantProps } from "class-variance-authority";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

const iconBadgeVariants = cva("grid shrink-0 place-items-center rounded-full", {
  variants: {
    tone: {
      primary: "bg-primary-100 text-primary-700",
      accent: "bg-accent-100 text-accent-600",
      success: "bg-success-50 text-success-600",
      danger: "bg-danger-50 text-danger-600",
    },
    size: { md: "size-11 [&_svg]:size-5", lg: "size-14 [&_svg]:size-7" },
  },
  defaultVariants: { tone: "primary", size: "lg" },
});

export type IconBadgeTone = NonNullable<VariantProps<typeof iconBadgeVariants>["tone"]>;

/** A round, tinted icon that sets the mood of a page or a card. */
export function IconBadge({
  icon: Icon,
  tone,
  size,
  className,
}: { icon: LucideIcon; className?: string } & VariantProps<typeof iconBadgeVariants>) {
  return (
    <span className={cn(iconBadgeVariants({ tone, size }), className)}>
      <Icon aria-hidden />
    </span>
  );
}
