/**
 * The studio address that opens the viewer at one portrait: where a checkout started from that
 * portrait brings the parent back (decision 0056).
 */
export const PORTRAIT_PARAM = "portrait";

export function portraitAddress(studioPath: string, imageId: string): string {
  return `${studioPath}?${PORTRAIT_PARAM}=${encodeURIComponent(imageId)}`;
}

/**
 * The portrait an address asks to open, and the address without it (and without the checkout's
 * `addOn` mark), so a refresh or Back does not open it again.
 */
export function portraitToOpen(search: string): { imageId: string; rest: string } | null {
  const params = new URLSearchParams(search);
  const imageId = params.get(PORTRAIT_PARAM);
  if (!imageId) return null;
  params.delete(PORTRAIT_PARAM);
  params.delete("addOn");
  params.delete("session_id");
  const rest = params.toString();
  return { imageId, rest: rest ? `?${rest}` : "" };
}
