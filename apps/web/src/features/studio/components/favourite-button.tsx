import type { GeneratedImage } from "@wonderkin/contract";
import { Heart } from "lucide-react";
import { useCallback } from "react";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useSetFavourite } from "../api/gallery";

/** Marks or unmarks a portrait as a favourite; says so if the server refuses (the heart turns back). */
export function useToggleFavourite(familyId: string, childId: number) {
  const { mutate } = useSetFavourite(familyId, childId);
  return useCallback(
    (image: GeneratedImage) =>
      mutate(
        { imageId: image.id, favourite: !image.favourite },
        {
          onError: (error) =>
            toast.error(errorMessage(error, "We couldn't change your favourites. Please try again.")),
        },
      ),
    [mutate],
  );
}

/**
 * The heart on a portrait: a toggle button (pressed = a favourite of the family). Filled and always
 * shown once marked; on a card with a pointer it appears on hover or focus until then.
 */
export function FavouriteButton({
  pressed,
  label,
  onToggle,
  tone = "card",
  className,
}: {
  pressed: boolean;
  /** What it marks, e.g. "Favourite: Fairy, portrait 2". */
  label: string;
  onToggle: () => void;
  tone?: "card" | "viewer";
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      title={pressed ? "Remove from favourites" : "Add to favourites"}
      className={cn(
        "grid place-items-center rounded-full text-white transition",
        tone === "card"
          ? "size-9 bg-night-950/60 backdrop-blur-sm hover:bg-night-950/80"
          : "size-11 bg-white/10 hover:bg-white/20",
        tone === "card" && !pressed && "sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100",
        className,
      )}
    >
      <Heart
        className={cn(tone === "viewer" ? "size-5" : "size-4", pressed && "fill-accent-400 text-accent-400")}
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </button>
  );
}
