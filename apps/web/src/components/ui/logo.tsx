import { useId } from "react";
import { appName } from "@/config/app";
import { cn } from "@/lib/cn";

/** `lg` for a screen of its own (the loading screen). */
export function LogoMark({ size = "md", className }: { size?: "md" | "lg"; className?: string }) {
  // Gradient ids are document-global: two logos on one page (one hidden) must not share one.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn(size === "lg" ? "size-14" : "size-9", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b83ff" />
          <stop offset="1" stopColor="#ff8a5b" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="#1b1433" />
      <path
        d="M32 10l5.6 13.4L52 26l-10.8 9.4L44.4 50 32 42.4 19.6 50l3.2-14.6L12 26l14.4-2.6z"
        fill={`url(#${gradientId})`}
      />
    </svg>
  );
}

export function Logo({
  className,
  inverted = false,
  markOnlyOnPhones = false,
}: {
  className?: string;
  inverted?: boolean;
  /** Only the mark below `sm`, where the header's menus need the width (the name stays for readers). */
  markOnlyOnPhones?: boolean;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark />
      <span
        className={cn(
          "font-display text-xl font-semibold tracking-tight",
          inverted ? "text-white" : "text-ink",
          markOnlyOnPhones && "max-sm:sr-only",
        )}
      >
        {appName}
      </span>
    </span>
  );
}
