import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { GeneratedImage } from "@wonderkin/contract";
import { Link2, Link2Off, MessageSquareText, X } from "lucide-react";
import { useState } from "react";
import { PreviewBadge } from "@/entities/previews/preview-tiles";
import { formatDate } from "@/lib/format-date";
import { sharedUntilWords } from "../lib/share-links";
import { FavouriteButton } from "./favourite-button";
import { LikenessCheck } from "./portrait-likeness";
import { ShareCaptionDialog } from "./share-caption-dialog";
import type { ViewerActions, ViewerScope } from "./use-viewer-actions";

/**
 * The viewer's top bar: whose portrait in which style, where it is in the list, its date and marks
 * (preview, watermark, likeness), its live share link with its caption and "Stop sharing", the
 * favourite toggle and Close.
 */
export function PortraitViewerHeader({
  scope,
  image,
  childName,
  title,
  position,
  actions,
}: {
  scope: ViewerScope;
  image: GeneratedImage;
  childName: string;
  title: string;
  position: { index: number; count: number };
  actions: ViewerActions;
}) {
  const { linkSharing } = actions;
  const preview = image.kind === "preview";
  const liveShare = linkSharing.shareOf(image);
  const [captioning, setCaptioning] = useState(false);
  return (
    <header className="flex items-center gap-3 px-4 pt-4 sm:px-6">
      <div className="min-w-0 flex-1">
        <DialogPrimitive.Title className="truncate font-display text-lg font-semibold sm:text-xl">
          {childName} as {title}
        </DialogPrimitive.Title>
        <p className="text-sm text-white/65">
          <span data-testid="viewer-position">
            {position.index + 1} of {position.count}
          </span>
          {image.completedAt ? ` · ${formatDate(image.completedAt)}` : null}
          {preview ? (
            <>
              {" · "}
              <PreviewBadge tone="dark" className="align-middle" />
            </>
          ) : image.watermarked ? (
            " · with watermark"
          ) : null}
          {image.likeness === "passed" ? (
            <>
              {" · "}
              <LikenessCheck image={image} childName={childName} className="align-middle text-white/80" />
            </>
          ) : null}
        </p>
        {liveShare ? (
          <p
            className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-white/80"
            data-testid="viewer-share-state"
          >
            <span className="inline-flex items-center gap-1">
              <Link2 className="size-3.5" aria-hidden />
              {sharedUntilWords(liveShare)}
            </span>
            <button
              type="button"
              onClick={() => setCaptioning(true)}
              className="inline-flex min-w-0 items-center gap-1 rounded-full px-1.5 font-semibold text-white underline-offset-2 hover:underline"
              data-testid="viewer-share-caption"
            >
              <MessageSquareText className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">
                {liveShare.caption ? `“${liveShare.caption}”` : "Add a caption"}
              </span>
            </button>
            <ShareCaptionDialog
              key={`${liveShare.url}:${liveShare.caption ?? ""}`}
              open={captioning}
              onOpenChange={setCaptioning}
              scope={scope}
              share={liveShare}
              childName={childName}
            />
            <button
              type="button"
              onClick={() => linkSharing.stopSharing(image)}
              disabled={linkSharing.isPending(image)}
              className="inline-flex items-center gap-1 rounded-full px-1.5 font-semibold text-white underline-offset-2 hover:underline disabled:opacity-60"
            >
              <Link2Off className="size-3.5" aria-hidden /> Stop sharing
            </button>
          </p>
        ) : null}
      </div>
      {preview ? null : (
        <FavouriteButton
          pressed={image.favourite}
          label="Favourite"
          tone="viewer"
          onToggle={() => actions.toggleFavourite(image)}
          className="shrink-0"
        />
      )}
      <DialogPrimitive.Close
        className="grid size-11 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20"
        aria-label="Close"
      >
        <X className="size-5" aria-hidden />
      </DialogPrimitive.Close>
    </header>
  );
}
