import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const alertVariants = cva(
  "flex items-start gap-3 rounded-2xl px-4 py-3 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      tone: {
        info: "bg-primary-50 text-primary-700",
        success: "bg-success-50 text-success-700",
        danger: "bg-danger-50 text-danger-700",
        warning: "bg-warning-50 text-warning-700",
      },
    },
    defaultVariants: { tone: "info" },
  },
);

const icons = { info: Info, success: CircleCheck, danger: CircleAlert, warning: CircleAlert };

export function Alert({
  tone,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & VariantProps<typeof alertVariants>) {
  const Icon = icons[tone ?? "info"];
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    >
      <Icon aria-hidden />
      <div>{children}</div>
    </div>
  );
}
