import { cn } from "@/lib/cn";

/**
 * A determinate progress bar (0–100). `label` names it for screen readers; `valueText` says the
 * value in words when a bare percentage would not ("Preparing", "Almost there").
 */
export function ProgressBar({
  value,
  label,
  valueText,
  tone = "primary",
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  tone?: "primary" | "accent" | "light";
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
        "h-2 overflow-hidden rounded-full",
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
