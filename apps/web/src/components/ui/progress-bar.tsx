import { cn } from "@/lib/cn";

const thicknesses = { sm: "h-1.5", md: "h-2", lg: "h-2.5" } as const;

/**
 * A determinate progress bar (0–100). `label` names it for screen readers; `valueText` says the
 * value in words when a bare percentage would not ("Preparing", "Almost there"). `size` is its
 * thickness.
 */
export function ProgressBar({
  value,
  label,
  valueText,
  tone = "primary",
  size = "md",
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  tone?: "primary" | "accent" | "light";
  size?: keyof typeof thicknesses;
  className?: string;
}) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn(
        "overflow-hidden rounded-full",
        thicknesses[size],
        tone === "light" ? "bg-white/25" : "bg-primary-100",
        className,
      )}
    >
      <div
        className={cn(
          "h-full rounded-full transition-[width] duration-500 ease-out",
          tone === "primary" && "bg-primary-600",
          tone === "accent" && "bg-gradient-to-r from-accent-500 to-primary-500",
          tone === "light" && "bg-white",
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
