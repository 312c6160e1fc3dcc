import type { FamilySummary } from "@wonderkin/contract";
import { isDisplayableImageUrl } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";

const sizes = {
  sm: "size-8 rounded-lg text-sm",
  md: "size-10 rounded-xl text-base",
  lg: "size-20 rounded-2xl text-3xl sm:size-24",
} as const;

/** The family's picture, or the first letter of its name on the brand gradient. Decorative: name it nearby. */
export function FamilyPicture({
  family,
  size = "md",
  className,
}: {
  family: Pick<FamilySummary, "name" | "pictureUrl">;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const classes = cn("shrink-0 object-cover ring-2 ring-white/80", sizes[size], className);
  if (isDisplayableImageUrl(family.pictureUrl)) {
    return <img src={family.pictureUrl} alt="" className={classes} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        classes,
        "grid place-items-center bg-gradient-to-br from-night-700 to-primary-500 font-display font-semibold text-white",
      )}
    >
      {family.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
