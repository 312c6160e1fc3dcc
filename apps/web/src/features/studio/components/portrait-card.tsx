import { findStyle, type GeneratedImage, type PortraitShare, portraitDownloadUrl } from "@wonderkin/contract";
import { Download, Link2, Link2Off, Sparkles, Trash2, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { PreviewBadge } from "@/entities/previews/preview-tiles";
import { TilePicture } from "@/entities/studio/tile-picture";
import { cn } from "@/lib/cn";
import { isActive } from "../lib/gallery";
import { portraitProgressWords, portraitWaitWords } from "../lib/portrait-words";
import { sharedUntilWords } from "../lib/share-links";
import { FavouriteButton } from "./favourite-button";
import { failureReason, LikenessCheck } from "./portrait-likeness";

const fallbackGradient = ["#e9e3ff", "#9b83ff"] as const;

/** A finished portrait's share link: its state, and what the card offers to do with it. */
export type CardSharing = {
  share: PortraitShare | null;
  /** "Copy link"; absent where the device shares the file itself (the viewer's Share). */
  onCopyLink?: () => void;
  onStopSharing: () => void;
  pending: boolean;
};

const cornerButton =
  "grid size-9 place-items-center rounded-full bg-night-950/60 text-white opacity-100 backdrop-blur-sm transition hover:bg-night-950/80 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100";

/** "Shared · until 3 Dec" and "Stop sharing", under a shared portrait. */
function SharedState({ sharing, label }: { sharing: CardSharing; label: string }) {
  if (!sharing.share) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 px-0.5" data-testid="share-state">
      <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-700 ring-1 ring-primary-100">
        <Link2 className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{sharedUntilWords(sharing.share)}</span>
      </span>
      <button
        type="button"
        onClick={sharing.onStopSharing}
        disabled={sharing.pending}
        aria-busy={sharing.pending || undefined}
        aria-label={`Stop sharing: ${label}`}
        className="inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 text-xs font-semibold text-muted underline-offset-2 hover:text-danger-700 hover:underline disabled:opacity-60"
      >
        <Link2Off className="size-3.5" aria-hidden />
        Stop sharing
      </button>
    </div>
  );
}

/**
 * A portrait being made: its style's colours, a shimmer, where it is (its place in the queue while
 * it waits, how far the painting is once it started) and about how long is left, all as the last
 * poll said. A waiting portrait shows no percentage: "0 %" says nothing its place in line does not.
 */
function InProgress({ image }: { image: GeneratedImage }) {
  const style = findStyle(image.styleId);
  const [top, bottom] = style?.art.gradient ?? fallbackGradient;
  const progress = Math.max(image.status === "processing" ? 8 : 3, image.progress);
  const { title, detail } = portraitWaitWords(image);
  return (
    <div
      className="relative flex aspect-[4/5] flex-col justify-end overflow-hidden rounded-2xl p-3 text-white"
      style={{ backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` }}
      data-testid="portrait-in-progress"
    >
      {style ? (
        <img
          src={style.imagePath}
          alt=""
          aria-hidden
          className="absolute inset-0 size-full scale-110 object-cover opacity-70 blur-md"
        />
      ) : null}
      <div aria-hidden className="absolute inset-0 animate-pulse bg-white/20" />
      <div
        aria-hidden
        className="absolute inset-0 bg-gradient-to-t from-night-950/75 via-night-950/10 to-transparent"
      />
      <span
        aria-hidden
        className="absolute top-1/2 left-1/2 grid size-14 -translate-x-1/2 -translate-y-2/3 place-items-center rounded-full bg-white/20 ring-1 ring-white/40 backdrop-blur-sm"
      >
        <Sparkles className="size-7 animate-[spin_4s_linear_infinite]" />
      </span>
      <div className="relative">
        <p className="flex items-baseline justify-between gap-2 text-sm font-bold">
          <span data-testid="portrait-wait-title">{title}</span>
          {image.status === "processing" ? <span className="tabular-nums">{image.progress}%</span> : null}
        </p>
        {detail ? (
          <p className="text-xs font-semibold text-white/90 tabular-nums" data-testid="portrait-wait-detail">
            {detail}
          </p>
        ) : null}
        <ProgressBar
          value={progress}
          tone="light"
          label={`Making a ${styleTitle(image.styleId)} portrait`}
          valueText={portraitProgressWords(image)}
          className="mt-1.5"
        />
      </div>
    </div>
  );
}

function Failed({
  image,
  childName,
  canDelete,
  onDelete,
}: {
  image: GeneratedImage;
  childName: string;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const reason = failureReason(image, childName);
  const mentionsRefund = /credit/i.test(reason);
  return (
    <div
      className="flex aspect-[4/5] flex-col items-center justify-center gap-2 rounded-2xl bg-danger-50 p-4 text-center ring-1 ring-danger-600/20"
      data-testid="portrait-failed"
    >
      <TriangleAlert className="size-7 text-danger-600" aria-hidden />
      <p className="font-bold text-danger-700">This one didn't work</p>
      <p className="text-sm text-danger-700">
        {reason}
        {mentionsRefund ? null : " Your credit was given back."}
      </p>
      {canDelete ? (
        <button
          type="button"
          onClick={onDelete}
          className="mt-1 inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-danger-700 hover:bg-danger-600/10"
        >
          <Trash2 className="size-4" aria-hidden /> Remove
        </button>
      ) : null}
    </div>
  );
}

function Finished({
  image,
  position,
  onOpen,
  sharing,
  onToggleFavourite,
  first,
}: {
  image: GeneratedImage;
  position: number;
  onOpen: () => void;
  sharing: CardSharing | undefined;
  onToggleFavourite: (() => void) | undefined;
  first: boolean;
}) {
  const [loaded, setLoaded] = useState(first);
  const style = findStyle(image.styleId);
  const [top, bottom] = style?.art.gradient ?? fallbackGradient;
  const title = styleTitle(image.styleId);
  const noun = image.kind === "preview" ? "preview" : "portrait";
  const downloadUrl = portraitDownloadUrl(image);
  return (
    <div className="group relative">
      <button
        type="button"
        onClick={onOpen}
        className="block w-full overflow-hidden rounded-2xl shadow-(--shadow-card) ring-1 ring-black/5 transition-shadow hover:shadow-(--shadow-lift)"
        style={{ backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` }}
      >
        <TilePicture
          image={image}
          first={first}
          alt={`${title} ${noun} ${position}`}
          onLoad={() => setLoaded(true)}
          className={cn(
            "aspect-[4/5] w-full object-cover transition duration-500 group-hover:scale-[1.02]",
            loaded ? "opacity-100" : "opacity-0",
          )}
        />
      </button>
      {onToggleFavourite && image.kind === "portrait" ? (
        <FavouriteButton
          pressed={image.favourite}
          // Not "… Fairy portrait 2": that is the name of the button that opens it.
          label={`Favourite: ${title}, ${noun} ${position}`}
          onToggle={onToggleFavourite}
          className="absolute top-2 left-2"
        />
      ) : null}
      <div className="absolute top-2 right-2 flex gap-1.5">
        {sharing?.onCopyLink ? (
          <button
            type="button"
            onClick={sharing.onCopyLink}
            disabled={sharing.pending}
            aria-busy={sharing.pending || undefined}
            className={cornerButton}
          >
            <Link2 className={cn("size-4", sharing.pending && "animate-pulse")} aria-hidden />
            {/* Not "… Fairy portrait 2": that is the name of the button that opens it. */}
            <span className="sr-only">{`Copy link: ${title}, ${noun} ${position}`}</span>
          </button>
        ) : null}
        {downloadUrl ? (
          <a href={downloadUrl} download className={cornerButton}>
            <Download className="size-4" aria-hidden />
            <span className="sr-only">
              Download {title} {noun} {position}
            </span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

/**
 * One portrait in the gallery, whatever its state: in the making, failed, or finished. A free
 * preview is marked "Preview" on the picture.
 */
export function PortraitCard({
  image,
  position,
  childName,
  canDelete,
  onOpen,
  onDelete,
  sharing,
  onToggleFavourite,
  first = false,
}: {
  image: GeneratedImage;
  position: number;
  childName: string;
  canDelete: boolean;
  onOpen: () => void;
  onDelete: () => void;
  /** Sharing by link, for a finished portrait (never a preview). */
  sharing?: CardSharing;
  /** The heart of a finished portrait (absent: not offered). */
  onToggleFavourite?: () => void;
  /** Among the first pictures of the page: fetched at once, shown without the fade. */
  first?: boolean;
}) {
  let body: ReactNode;
  if (isActive(image)) body = <InProgress image={image} />;
  else if (image.status === "failed")
    body = <Failed image={image} childName={childName} canDelete={canDelete} onDelete={onDelete} />;
  else
    body = (
      <Finished
        image={image}
        position={position}
        onOpen={onOpen}
        sharing={sharing}
        onToggleFavourite={onToggleFavourite}
        first={first}
      />
    );
  const finished = image.status === "succeeded";
  return (
    <li
      className="min-w-0"
      data-status={image.status}
      data-kind={image.kind}
      aria-busy={isActive(image) || undefined}
    >
      {image.kind === "preview" ? (
        <div className="relative">
          {body}
          <PreviewBadge className="pointer-events-none absolute top-2 left-2" />
        </div>
      ) : (
        body
      )}
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-2 px-0.5">
        <p className="min-w-0 truncate text-sm font-semibold text-ink">{styleTitle(image.styleId)}</p>
        {finished ? <LikenessCheck image={image} childName={childName} className="text-success-700" /> : null}
      </div>
      {finished && sharing ? (
        <SharedState sharing={sharing} label={`${styleTitle(image.styleId)}, portrait ${position}`} />
      ) : null}
    </li>
  );
}
