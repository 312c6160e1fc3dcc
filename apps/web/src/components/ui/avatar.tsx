import { cn } from "@/lib/cn";

/**
 * The Content-Security-Policy allows images from this origin (and data:/blob: previews) only, so an
 * avatar hosted elsewhere (a Google or Facebook profile picture) would be blocked and logged as a
 * violation. Those show initials instead.
 */
export function isDisplayableImageUrl(src: string | null | undefined): src is string {
  if (!src || !/^(\/(?!\/)|https?:|data:image\/|blob:)/i.test(src)) return false;
  try {
    const url = new URL(src, window.location.href);
    return url.origin === window.location.origin || url.protocol === "data:" || url.protocol === "blob:";
  } catch {
    return false;
  }
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? "").join("") || "?";
}

const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-16 text-xl" } as const;

/** A round picture of a person, or their initials on the brand gradient. Decorative: name it nearby. */
export function Avatar({
  name,
  src,
  size = "md",
  className,
}: {
  name: string;
  src?: string | null | undefined;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const classes = cn("shrink-0 rounded-full object-cover ring-2 ring-white/80", sizes[size], className);
  if (isDisplayableImageUrl(src)) return <img src={src} alt="" className={classes} />;
  return (
    <span
      aria-hidden
      className={cn(
        classes,
        "grid place-items-center bg-gradient-to-br from-primary-400 to-accent-500 font-bold text-white",
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
