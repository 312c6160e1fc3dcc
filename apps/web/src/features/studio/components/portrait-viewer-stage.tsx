import type { GeneratedImage } from "@wonderkin/contract";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { usePortraitGestures } from "./use-portrait-gestures";
import type { ViewerNavigation } from "./use-viewer-navigation";

/**
 * The portrait itself, as large as the screen allows, with a spinner until it has loaded and the
 * previous and next buttons at its sides. On touch: swipe to the next or previous portrait, pinch or
 * double-tap to zoom, drag to look around a zoomed one (a mouse can double-click and drag too).
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
  const gestures = usePortraitGestures({
    imageId: image.id,
    onSwipe: (direction) => (direction === "next" ? navigation.showNext() : navigation.showPrevious()),
  });
  return (
    <div
      className="relative flex min-h-0 flex-1 touch-none select-none items-center justify-center overflow-hidden px-2 py-3 sm:px-20"
      data-testid="viewer-stage"
      data-zoomed={gestures.zoomed || undefined}
      {...gestures.handlers}
    >
      {loaded ? null : (
        <span className="absolute inset-0 grid place-items-center">
          <Spinner label="Loading the portrait" />
        </span>
      )}
      <img
        key={image.id}
        src={image.url ?? undefined}
        alt={alt}
        onLoad={onLoad}
        ref={gestures.imageRef}
        draggable={false}
        style={gestures.imageStyle}
        className={cn(
          "relative max-h-full max-w-full rounded-2xl object-contain shadow-2xl will-change-transform",
          gestures.zoomed ? "cursor-grab" : "cursor-zoom-in",
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
