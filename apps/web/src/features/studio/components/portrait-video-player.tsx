import type { PortraitVideo } from "@wonderkin/contract";

const frameClass = "mx-auto max-h-[55vh] w-auto rounded-2xl bg-canvas object-contain shadow-lg";

/** Moving pictures start on their own only for people who have not asked their device for less motion. */
const mayAutoPlay = () =>
  typeof window === "undefined" || !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * A portrait's clip in the viewer (decision 0057): an MP4 in the browser's own player, inline on a
 * phone (iOS opens a bare <video> full screen without `playsInline`), silent, looping, with the
 * portrait as its first picture while it loads. Clips made before MP4 are animated WebP pictures and
 * are shown as such.
 */
export function PortraitVideoPlayer({
  video,
  poster,
  label,
}: {
  video: PortraitVideo;
  /** The portrait itself, shown until the clip's first frame is there. */
  poster: string | null;
  label: string;
}) {
  const size = { width: video.width ?? undefined, height: video.height ?? undefined };
  if (video.contentType === "image/webp") {
    return (
      <img src={video.url ?? ""} alt={label} {...size} className={frameClass} data-testid="portrait-video" />
    );
  }
  return (
    <video
      src={video.url ?? undefined}
      poster={poster ?? undefined}
      aria-label={label}
      controls
      playsInline
      muted
      loop
      autoPlay={mayAutoPlay()}
      preload="auto"
      {...size}
      className={frameClass}
      data-testid="portrait-video"
    />
  );
}
