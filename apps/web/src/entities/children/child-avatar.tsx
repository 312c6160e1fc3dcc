/**
 * The child's initial on a warm gradient, the app's stand-in for a face: raised in the studio's
 * banner, `flat` where it sits small in a row (the header's children switcher).
 */
export function ChildAvatar({
  name,
  className = "size-14 text-2xl",
  flat = false,
}: {
  name: string;
  /** Its size and text size. */
  className?: string;
  flat?: boolean;
}) {
  return (
    <span
      aria-hidden
      className={`grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-accent-400 to-primary-500 font-display font-semibold text-white ${flat ? "ring-2 ring-white/20" : "shadow-lg ring-4 ring-white/15"} ${className}`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
