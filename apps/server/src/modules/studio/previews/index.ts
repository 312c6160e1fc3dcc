/**
 * Previews: the free watermarked set made after training, and swapping one of its styles. Code outside
 * this folder imports only from here.
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
