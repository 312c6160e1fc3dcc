import { cn } from "@/lib/cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-[3px] border-primary-100 border-t-primary-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
