import type { GeneratedImage, PortraitShare } from "@wonderkin/contract";
import { useCallback, useMemo } from "react";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useShareLinks, useSharePortrait, useStopSharing } from "../api/share-links";
import { canShareImageFiles } from "../lib/share";
import { copyToClipboard, linkCopiedWords, liveShareOf } from "../lib/share-links";

async function copyAndConfirm(share: PortraitShare): Promise<void> {
  if (await copyToClipboard(share.url)) {
    toast.success(linkCopiedWords(share));
    return;
  }
  // The browser would not copy without a fresh click (the link was made over the network first).
  toast.info("Your link is ready.", {
    description: share.url,
    action: {
      label: "Copy",
      onClick: () =>
        void copyToClipboard(share.url).then((copied) => {
          if (copied) toast.success(linkCopiedWords(share));
        }),
    },
  });
}

/**
 * Sharing a finished portrait, for the gallery's cards and the viewer alike: the portrait's live link
 * (shown as "Shared · until …"), "Copy link" (offered where the device cannot share the file itself
 * through the Web Share API) and "Stop sharing". Previews are never shared by link.
 */
export function usePortraitSharing(familyId: string, childId: number) {
  const links = useShareLinks(familyId, childId);
  const create = useSharePortrait(familyId, childId);
  const stop = useStopSharing(familyId, childId);
  const sharesFiles = useMemo(
    () => canShareImageFiles(typeof navigator === "undefined" ? undefined : navigator),
    [],
  );

  const shareOf = useCallback(
    (image: GeneratedImage) =>
      image.kind === "portrait" && image.status === "succeeded" ? liveShareOf(links.data, image.id) : null,
    [links.data],
  );

  const copyLink = useCallback(
    (image: GeneratedImage) => {
      const known = liveShareOf(links.data, image.id);
      // Known already: copied within the click, which every browser allows.
      if (known) {
        void copyAndConfirm(known);
        return;
      }
      create.mutate(image.id, {
        onSuccess: (share) => void copyAndConfirm(share),
        onError: (error) => toast.error(errorMessage(error, "We couldn't make a link. Please try again.")),
      });
    },
    [links.data, create],
  );

  const stopSharing = useCallback(
    (image: GeneratedImage) =>
      stop.mutate(image.id, {
        onSuccess: () => toast.success("Sharing stopped. The link no longer works."),
        onError: (error) => toast.error(errorMessage(error, "We couldn't stop sharing. Please try again.")),
      }),
    [stop],
  );

  const pendingId = create.isPending ? create.variables : stop.isPending ? stop.variables : null;

  return {
    /** Whether this device shares the file itself (then "Copy link" is not offered). */
    sharesFiles,
    shareOf,
    copyLink,
    stopSharing,
    isPending: (image: GeneratedImage) => pendingId === image.id,
    /** Whether the portrait may be shared by link at all. */
    canShare: (image: GeneratedImage) => image.kind === "portrait" && image.status === "succeeded",
  };
}

export type PortraitSharing = ReturnType<typeof usePortraitSharing>;
