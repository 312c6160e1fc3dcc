/**
 * Previews: the free watermarked set made while the child's model trains, swapping one of its styles,
 * and the "studio ready" e-mail that carries them. Code outside this folder imports only from here.
 */
export { previewPhotos } from "./preview-photos";
export { swapPreviewStyle } from "./preview-swap";
export {
  makePreviews,
  PREVIEW_REFERENCE_PHOTOS,
  PREVIEW_WATERMARK,
  previewAttachments,
  previewStyleIds,
  previewsOf,
  requestPreviews,
  setPreviewsByEmail,
} from "./previews";
export { announceStudioIfDue } from "./studio-announcement";
