import type { GalleryFilter } from "@wonderkin/contract";
import { useMemo } from "react";
import { useFilteredGallery } from "../api/gallery";
import { flattenGallery, isPortrait } from "../lib/gallery";
import type { useStudioImages } from "./use-studio-images";

/**
 * What the gallery shows: every portrait (the live gallery the studio polls), or the pages of one
 * filter, read from the server so a filter finds portraits far back in a long gallery. Polls and new
 * portraits reach the filtered pages too (api/gallery.ts, updateGallery).
 */
export function useGalleryView(
  studio: ReturnType<typeof useStudioImages>,
  scope: { familyId: string; childId: number },
  filter: GalleryFilter | null,
) {
  const filtered = useFilteredGallery(scope.familyId, scope.childId, filter);
  const filteredImages = useMemo(() => flattenGallery(filtered.data), [filtered.data]);
  const allPortraits = useMemo(() => studio.images.filter(isPortrait), [studio.images]);
  const images = filter ? filteredImages : allPortraits;
  const finished = useMemo(() => images.filter((image) => image.status === "succeeded"), [images]);
  return { gallery: filter ? filtered : studio.gallery, images, finished };
}

export type GalleryView = ReturnType<typeof useGalleryView>;
