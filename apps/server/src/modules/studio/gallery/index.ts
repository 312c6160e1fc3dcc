/**
 * The gallery: listing, filtering, favouriting and deleting a family's portraits, and the studio intro.
 * Code outside this folder imports only from here.
 */
export { countGalleryFilters } from "./count-gallery-filters";
export { deletePortrait, listPortraits, portraitStatuses, reportPortraitError } from "./gallery";
export { markStudioIntroSeen } from "./mark-studio-intro-seen";
export { setFavourite } from "./set-favourite";
