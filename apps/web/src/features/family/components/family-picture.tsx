import type { FamilySummary } from "@wonderkin/contract";
import { isDisplayableImageUrl } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";

const sizes = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-20 text-3xl sm:size-24" } as const;
const corners = { sm: "rounded-lg", md: "rounded-xl", lg: "rounded-2xl" } as const;

const rings = {
  light: "ring-2 ring-white/80",
  /** On the night header. */
  faint: "ring-2 ring-white/30",
  /** The family's own page. */
  thick: "ring-4 ring-primary-50",
  /** In a list, beside the family's name. */
  none: "",
} as const;

/**
 * The family's picture, or the first letter of its name on the brand gradient. Decorative: name it
 * nearby. A rounded square (`round` makes it a circle).
 */
export function FamilyPicture({
  family,
  size = "md",
  ring = "light",
  round = false,
  className,
}: {
  family: Pick<FamilySummary, "name" | "pictureUrl">;
  size?: keyof typeof sizes;
  ring?: keyof typeof rings;
  round?: boolean;
  className?: string;
}) {
  const classes = cn(
    "shrink-0 object-cover",
    sizes[size],
    round ? "rounded-full" : corners[size],
    rings[ring],
    className,
  );
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
