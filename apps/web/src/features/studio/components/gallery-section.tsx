import type { GalleryFilter, GeneratedImage } from "@wonderkin/contract";
import { Heart, ImageIcon } from "lucide-react";
import { type ReactNode, type RefObject, useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { LoadProblem } from "@/components/ui/load-problem";
import { Spinner } from "@/components/ui/spinner";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { errorMessage } from "@/lib/error-message";
import { FIRST_PICTURES } from "@/lib/picture-priority";
import { toast } from "@/lib/toast";
import { useDeleteImage, useGalleryFilters } from "../api/gallery";
import { isPortrait } from "../lib/gallery";
import { useToggleFavourite } from "./favourite-button";
import { GalleryFilterBar } from "./gallery-filter-bar";
import { type CardSharing, PortraitCard } from "./portrait-card";
import type { GalleryView } from "./use-gallery-view";
import { usePortraitSharing } from "./use-portrait-sharing";
import type { useStudioImages } from "./use-studio-images";

type StudioImages = ReturnType<typeof useStudioImages>;

/** The child's portraits, newest first: those in the making, the failed and the finished, paged. */
export function GallerySection({
  familyId,
  childId,
  childName,
  studio,
  view,
  filter,
  onFilterChange,
  canDelete,
  onOpen,
  headingRef,
}: {
  familyId: string;
  childId: number;
  childName: string;
  studio: StudioImages;
  /** What is shown: every portrait, or those of the chosen filter (use-gallery-view.ts). */
  view: GalleryView;
  filter: GalleryFilter | null;
  onFilterChange: (filter: GalleryFilter | null) => void;
  canDelete: (image: GeneratedImage) => boolean;
  onOpen: (image: GeneratedImage) => void;
  /** Focused and scrolled to when new portraits are asked for. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  // The free previews have their own strip at the top of the studio: the gallery is the portraits.
  const { gallery, images } = view;
  const made = studio.finished.filter(isPortrait).length;
  const counts = useGalleryFilters(familyId, childId);
  const toggleFavourite = useToggleFavourite(familyId, childId);
  const remove = useDeleteImage(familyId, childId);
  const sharing = usePortraitSharing(familyId, childId);
  const sharingOf = (image: GeneratedImage): CardSharing | undefined =>
    sharing.canShare(image)
      ? {
          share: sharing.shareOf(image),
          onCopyLink: sharing.sharesFiles ? undefined : () => sharing.copyLink(image),
          onStopSharing: () => sharing.stopSharing(image),
          pending: sharing.isPending(image),
        }
      : undefined;
  const [deleting, setDeleting] = useState<GeneratedImage | null>(null);

  let body: ReactNode;
  if (gallery.isPending) {
    body = (
      <div className="grid min-h-40 place-items-center">
        <Spinner label={`Loading ${childName}'s portraits`} />
      </div>
    );
  } else if (gallery.isError && images.length === 0) {
    body = (
      <LoadProblem
        error={gallery.error}
        fallback={`We couldn't load ${childName}'s portraits.`}
        retrying={gallery.isFetching}
        onRetry={() => void gallery.refetch()}
      />
    );
  } else if (images.length === 0 && filter) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-(--radius-card) border-2 border-dashed border-line bg-surface/60 px-6 py-10 text-center">
        {"favourites" in filter ? (
          <>
            <Heart className="size-7 text-accent-500" aria-hidden />
            <p className="font-display text-lg font-semibold text-ink">No favourites yet</p>
            <p className="max-w-sm text-muted">
              Tap the heart on any of {childName}'s portraits to keep it here.
            </p>
          </>
        ) : (
          <p className="font-display text-lg font-semibold text-ink">
            No {styleTitle(filter.styleId)} portraits any more
          </p>
        )}
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => onFilterChange(null)}>
          Show all portraits
        </Button>
      </div>
    );
  } else if (images.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-(--radius-card) border-2 border-dashed border-line bg-surface/60 px-6 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-primary-50 text-primary-600">
          <ImageIcon className="size-7" aria-hidden />
        </span>
        <p className="font-display text-xl font-semibold text-ink">No portraits yet</p>
        <p className="max-w-sm text-muted">
          Pick a style, choose how many, and {childName}'s first portraits appear right here as they're made.
        </p>
      </div>
    );
  } else {
    // Portraits and previews are numbered apart ("Fairy portrait 2", "Fairy preview 1"), so a
    // portrait keeps its name whatever free previews sit beside it.
    const positions = { portrait: 0, preview: 0 };
    body = (
      <>
        <ul
          aria-label={`${childName}'s portraits`}
          className="grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3 sm:gap-x-4 lg:grid-cols-4"
        >
          {images.map((image, index) => {
            if (image.status === "succeeded") positions[image.kind] += 1;
            return (
              <PortraitCard
                key={image.id}
                image={image}
                position={positions[image.kind]}
                childName={childName}
                canDelete={canDelete(image)}
                onOpen={() => onOpen(image)}
                onToggleFavourite={() => toggleFavourite(image)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(image);
                }}
                sharing={sharingOf(image)}
                first={index < FIRST_PICTURES}
              />
            );
          })}
        </ul>
        {gallery.hasNextPage ? (
          <div className="mt-6 flex justify-center">
            <Button
              variant="secondary"
              pending={gallery.isFetchingNextPage}
              onClick={() => void gallery.fetchNextPage()}
            >
              {gallery.isFetchingNextPage ? "Loading more…" : "Load more"}
            </Button>
          </div>
        ) : null}
        {gallery.isFetchNextPageError ? (
          <p role="alert" className="mt-3 text-center text-sm text-danger-700">
            {errorMessage(gallery.error, "We couldn't load more portraits. Please try again.")}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="gallery-title" className="scroll-mt-24">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2
          id="gallery-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-ink focus:outline-none sm:text-2xl"
        >
          {childName}'s portraits
        </h2>
        {made > 0 ? (
          <p className="text-sm font-semibold text-muted" data-testid="gallery-count">
            {made} {made === 1 ? "portrait" : "portraits"}
            {gallery.hasNextPage ? "+" : ""}
          </p>
        ) : null}
      </div>
      {counts.data && counts.data.portraits > 0 ? (
        <GalleryFilterBar
          childName={childName}
          counts={counts.data}
          filter={filter}
          onChange={onFilterChange}
        />
      ) : null}
      {body}
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting?.kind === "preview" ? "Remove this preview?" : "Remove this portrait?"}
        description="It's removed for everyone in the family."
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, "We couldn't remove it. Please try again.") : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(deleting.kind === "preview" ? "Preview removed." : "Portrait removed.");
            },
          });
        }}
      />
    </section>
  );
}
