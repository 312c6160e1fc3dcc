import type { GeneratedImage } from "@wonderkin/contract";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { portraitToOpen } from "../lib/portrait-address";

/**
 * Opens the viewer at the portrait the address names (`?portrait=…`), where a checkout started from
 * that portrait brings the parent back (decision 0056). Once the gallery has loaded, the name is
 * taken out of the address (replacing it), so a refresh or Back does not open the viewer again; a
 * portrait no longer there just leaves the studio as it is.
 *
 * The viewer opens only once the address no longer names it: opening pushes a history entry at
 * the address as it then is (use-viewer-history.ts), and pushed while the replacement was still on
 * its way, that entry kept `?portrait=`, which opened the viewer again, and again (seen on a phone).
 */
export function useOpenFromAddress({
  portraits,
  loaded,
  open,
}: {
  portraits: readonly GeneratedImage[];
  loaded: boolean;
  open: (index: number) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = portraitToOpen(location.search);
  const imageId = wanted?.imageId ?? null;
  const rest = wanted?.rest ?? "";
  const toOpen = useRef<number | null>(null);
  useEffect(() => {
    if (imageId === null || !loaded) return;
    const index = portraits.findIndex((image) => image.id === imageId);
    toOpen.current = index >= 0 ? index : null;
    void navigate({ pathname: location.pathname, search: rest }, { replace: true, state: location.state });
  }, [imageId, loaded, portraits, navigate, location.pathname, location.state, rest]);
  useEffect(() => {
    if (imageId !== null || toOpen.current === null) return;
    const index = toOpen.current;
    toOpen.current = null;
    open(index);
  }, [imageId, open]);
}
