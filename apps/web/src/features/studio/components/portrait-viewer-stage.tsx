import type { GeneratedImage } from "@wonderkin/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import type { ViewerNavigation } from "./use-viewer-navigation";

/**
 * The portrait itself, as large as the screen allows, with a spinner until it has loaded and the
 * previous and next buttons at its sides.
 */
export function PortraitViewerStage({
  image,
  alt,
  loaded,
  onLoad,
  navigation,
}: {
  image: GeneratedImage;
  alt: string;
  /** Whether this portrait's picture has loaded (kept by the viewer, which outlives the stage). */
  loaded: boolean;
  onLoad: () => void;
  navigation: ViewerNavigation;
}) {
  return (
    <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 py-3 sm:px-20">
      {loaded ? null : (
        <span className="absolute inset-0 grid place-items-center">
          <Spinner label="Loading the portrait" />
        </span>
      )}
      <img
        key={image.id}
        src={image.url ?? image.thumbnailUrl ?? ""}
        alt={alt}
        onLoad={onLoad}
        className={cn(
          "relative max-h-full max-w-full rounded-2xl object-contain shadow-2xl transition-opacity duration-300",
          loaded ? "opacity-100" : "opacity-0",
        )}
        data-testid="viewer-image"
      />
      <button
        type="button"
        onClick={navigation.showPrevious}
        disabled={!navigation.hasPrevious}
        aria-label="Previous portrait"
        className="absolute left-2 grid size-11 place-items-center rounded-full bg-night-950/60 ring-1 ring-white/15 backdrop-blur transition hover:bg-night-950/80 disabled:opacity-0 sm:left-5 sm:size-12"
      >
        <ChevronLeft className="size-6" aria-hidden />
      </button>
      <button
        type="button"
        onClick={navigation.showNext}
        disabled={!navigation.hasNext}
        aria-label="Next portrait"
        className="absolute right-2 grid size-11 place-items-center rounded-full bg-night-950/60 ring-1 ring-white/15 backdrop-blur transition hover:bg-night-950/80 disabled:opacity-0 sm:right-5 sm:size-12"
      >
        <ChevronRight className="size-6" aria-hidden />
      </button>
    </div>
  );
}
