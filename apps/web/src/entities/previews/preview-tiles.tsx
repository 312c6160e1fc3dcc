import { findStyle, type GeneratedImage } from "@wonderkin/contract";
import { Eye, Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { styleTitle } from "@/entities/catalogue/catalogue";
import { TilePicture } from "@/entities/studio/tile-picture";
import { cn } from "@/lib/cn";
import { FIRST_PICTURES } from "@/lib/picture-priority";
import { previewGridColumns } from "./preview-grid";

const fallbackGradient = ["#e9e3ff", "#9b83ff"] as const;

/**
 * The small "Preview" label of a free preview, wherever it is shown: over the picture (`overlay`),
 * or on a dark surface such as the viewer's header (`dark`).
 */
export function PreviewBadge({
  tone = "overlay",
  className,
}: {
  tone?: "overlay" | "dark";
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap",
        tone === "overlay" && "bg-night-950/70 text-white shadow-sm backdrop-blur-sm",
        tone === "dark" && "bg-white/15 text-white ring-1 ring-white/25",
        className,
      )}
      data-testid="preview-badge"
    >
      <Eye className="size-3.5 shrink-0" aria-hidden />
      Preview
    </span>
  );
}

function Making({ image, title }: { image: GeneratedImage; title: string }) {
  const [top, bottom] = findStyle(image.styleId)?.art.gradient ?? fallbackGradient;
  const started = image.status === "processing" && image.progress > 0;
  return (
    <div
      className="relative flex aspect-[4/5] flex-col justify-end overflow-hidden rounded-2xl p-3 text-white"
      style={{ backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` }}
    >
      <div aria-hidden className="absolute inset-0 animate-pulse bg-white/25" />
      <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-night-950/70 to-transparent" />
      <Sparkles
        aria-hidden
        className="absolute top-1/2 left-1/2 size-7 -translate-x-1/2 -translate-y-2/3 animate-[spin_4s_linear_infinite]"
      />
      <div className="relative">
        <p
          className="flex items-baseline justify-between gap-2 text-sm font-bold"
          data-testid="preview-making"
        >
          <span>Making…</span>
          {started ? <span className="tabular-nums">{image.progress}%</span> : null}
        </p>
        <ProgressBar
          value={Math.max(3, image.progress)}
          tone="light"
          label={`Making the ${title} preview`}
          valueText={started ? `Making… ${image.progress}%` : "Making…"}
          size="sm"
          className="mt-1.5"
        />
      </div>
    </div>
  );
}

function Finished({
  image,
  title,
  childName,
  onOpen,
  first,
}: {
  image: GeneratedImage;
  title: string;
  childName: string;
  onOpen?: (() => void) | undefined;
  /** Among the first pictures of the page: fetched at once, shown without the fade. */
  first: boolean;
}) {
  const [loaded, setLoaded] = useState(first);
  const [top, bottom] = findStyle(image.styleId)?.art.gradient ?? fallbackGradient;
  const picture = (
    <TilePicture
      image={image}
      first={first}
      alt={`${childName} as ${title}, a preview`}
      onLoad={() => setLoaded(true)}
      className={cn(
        "aspect-[4/5] w-full object-cover transition-opacity",
        loaded ? "opacity-100" : "opacity-0",
      )}
    />
  );
  const frame = "block w-full overflow-hidden rounded-2xl shadow-(--shadow-card) ring-1 ring-black/5";
  const background = { backgroundImage: `linear-gradient(to bottom, ${top}, ${bottom})` };
  return (
    <div className="relative">
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className={cn(frame, "transition-shadow hover:shadow-(--shadow-lift)")}
          style={background}
        >
          {picture}
        </button>
      ) : (
        <div className={frame} style={background}>
          {picture}
        </div>
      )}
      <PreviewBadge className="pointer-events-none absolute top-2 left-2" />
    </div>
  );
}

/**
 * A child's free previews as tiles: the finished ones as pictures marked "Preview", the ones still
 * being made as a shimmer that says so, each with its style's title and, where the page offers
 * one, an action under it. Failed previews are never shown.
 */
export function PreviewTiles({
  images,
  childName,
  action,
  onOpen,
  className,
}: {
  images: readonly GeneratedImage[];
  childName: string;
  /** What can be done with a finished preview (the studio's "Make this one"). */
  action?: (image: GeneratedImage) => ReactNode;
  /** Opens a finished preview at full size, where the page can. */
  onOpen?: (image: GeneratedImage) => (() => void) | undefined;
  className?: string;
}) {
  const shown = images.filter((image) => image.status !== "failed");
  return (
    <ul
      aria-label={`${childName}'s previews`}
      className={cn("grid gap-x-3 gap-y-4", previewGridColumns(shown.length), className)}
    >
      {shown.map((image, index) => {
        const title = styleTitle(image.styleId);
        const finished = image.status === "succeeded";
        return (
          <li
            key={image.id}
            className="flex min-w-0 flex-col gap-2"
            data-status={image.status}
            aria-busy={finished ? undefined : true}
            data-testid="preview-tile"
          >
            {finished ? (
              <Finished
                image={image}
                title={title}
                childName={childName}
                onOpen={onOpen?.(image)}
                first={index < FIRST_PICTURES}
              />
            ) : (
              <Making image={image} title={title} />
            )}
            <p className="truncate px-0.5 text-sm font-semibold text-ink">{title}</p>
            {finished && action ? action(image) : null}
          </li>
        );
      })}
    </ul>
  );
}
