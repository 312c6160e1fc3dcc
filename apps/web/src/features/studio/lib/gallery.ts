import type { InfiniteData } from "@tanstack/react-query";
import type { GalleryFilter, GalleryFilters, GeneratedImage } from "@wonderkin/contract";
import { sameImageState } from "@/entities/studio/image-state";

export type GalleryPage = { images: GeneratedImage[]; nextCursor: string | null };
export type GalleryData = InfiniteData<GalleryPage, string | undefined>;

/** The states in which a portrait is still being made. */
export function isActive(image: Pick<GeneratedImage, "status">): boolean {
  return image.status === "pending" || image.status === "processing";
}

/** Made with the child's own model, for credits (not a free preview). */
export function isPortrait(image: Pick<GeneratedImage, "kind">): boolean {
  return image.kind === "portrait";
}

/**
 * Every portrait and preview once, newest first, across the pages read so far. A preview that
 * failed is left out: it cost nothing, and the parent is never told about it.
 */
export function flattenGallery(data: GalleryData | undefined): GeneratedImage[] {
  if (!data) return [];
  const seen = new Set<string>();
  const images: GeneratedImage[] = [];
  for (const page of data.pages) {
    for (const image of page.images) {
      if (seen.has(image.id) || (image.kind === "preview" && image.status === "failed")) continue;
      seen.add(image.id);
      images.push(image);
    }
  }
  // Stable: equal times keep the server's order.
  return images
    .map((image, index) => ({ image, index, time: Date.parse(image.createdAt) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ image }) => image);
}

/**
 * Fresh states of some portraits (from polling, a regeneration or a refund) written over the copies
 * in the gallery. Pages and lists that did not change keep their identity, so nothing re-renders
 * for a poll that brought no news.
 */
export function mergeImageUpdates(
  data: GalleryData | undefined,
  updates: readonly GeneratedImage[],
): GalleryData | undefined {
  if (!data || updates.length === 0) return data;
  const byId = new Map(updates.map((image) => [image.id, image]));
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const images = page.images.map((image) => {
      const update = byId.get(image.id);
      if (!update || sameImageState(image, update)) return image;
      pageChanged = true;
      return update;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, images };
  });
  return changed ? { ...data, pages } : data;
}

/** New portraits (just asked for) at the top of the first page, once each. */
export function prependImages(
  data: GalleryData | undefined,
  images: readonly GeneratedImage[],
): GalleryData | undefined {
  if (!data) return data;
  const known = new Set(data.pages.flatMap((page) => page.images.map((image) => image.id)));
  const fresh = images.filter((image) => !known.has(image.id));
  const merged = mergeImageUpdates(data, images) ?? data;
  if (fresh.length === 0) return merged;
  const [first, ...rest] = merged.pages;
  const firstPage: GalleryPage = first
    ? { ...first, images: [...fresh, ...first.images] }
    : { images: fresh, nextCursor: null };
  return { ...merged, pages: [firstPage, ...rest] };
}

export function removeImage(data: GalleryData | undefined, imageId: string): GalleryData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.images.some((image) => image.id === imageId)
        ? { ...page, images: page.images.filter((image) => image.id !== imageId) }
        : page,
    ),
  };
}

/** Whether a portrait belongs in a filtered gallery: portraits only, of the style or the favourites. */
export function matchesFilter(
  image: Pick<GeneratedImage, "kind" | "styleId" | "favourite">,
  filter: GalleryFilter,
) {
  if (!isPortrait(image)) return false;
  return "styleId" in filter ? image.styleId === filter.styleId : image.favourite;
}

export function sameFilter(a: GalleryFilter | null, b: GalleryFilter | null): boolean {
  if (a === null || b === null) return a === b;
  return "styleId" in a ? "styleId" in b && a.styleId === b.styleId : "favourites" in b;
}

/** One portrait marked or unmarked as a favourite, wherever it is among the pages. */
export function setFavouriteIn(
  data: GalleryData | undefined,
  imageId: string,
  favourite: boolean,
): GalleryData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.images.some((image) => image.id === imageId && image.favourite !== favourite)) return page;
    changed = true;
    return {
      ...page,
      images: page.images.map((image) => (image.id === imageId ? { ...image, favourite } : image)),
    };
  });
  return changed ? { ...data, pages } : data;
}

export type FilterChoice = { filter: GalleryFilter | null; styleId: string | null; count: number };

/**
 * The gallery's filter buttons: every portrait, the favourites, then each style present (most
 * first, as the server counts them). A chosen style that has no portraits left keeps its button, at
 * zero, so the choice does not vanish under the parent's finger.
 */
export function filterChoices(counts: GalleryFilters, chosen: GalleryFilter | null): FilterChoice[] {
  const styles = [...counts.styles];
  if (chosen && "styleId" in chosen && !styles.some((style) => style.styleId === chosen.styleId)) {
    styles.push({ styleId: chosen.styleId, count: 0 });
  }
  return [
    { filter: null, styleId: null, count: counts.portraits },
    { filter: { favourites: true }, styleId: null, count: counts.favourites },
    ...styles.map((style) => ({
      filter: { styleId: style.styleId },
      styleId: style.styleId,
      count: style.count,
    })),
  ];
}
