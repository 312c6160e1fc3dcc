import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import type { PhotoLimits } from "../lib/photo-precheck";

/** Up to the minimum the count runs against it ("7/10"); past it, against the maximum ("12/30"). */
export function countTarget(count: number, limits: Pick<PhotoLimits, "min" | "max">): number {
  return count <= limits.min ? limits.min : limits.max;
}

/**
 * The way on to the child's progress; it waits while photos are still on their way. It stays a
 * link (the step is a move to the next page), but `onContinue` may take the click over to start
 * the training first: meanwhile it shows that it is working and cannot be pressed twice.
 */
export function ContinueButton({
  to,
  uploading,
  onContinue,
  starting = false,
  className,
}: {
  to: string;
  uploading: boolean;
  /** Returns true when it handled the click itself (the link is then not followed). */
  onContinue?: () => boolean;
  starting?: boolean;
  className?: string;
}) {
  if (starting) {
    return (
      <Button block size="lg" pending className={className}>
        Starting the training…
      </Button>
    );
  }
  if (uploading) {
    return (
      <Button block size="lg" disabled className={className}>
        Continue <ArrowRight aria-hidden />
      </Button>
    );
  }
  return (
    <Button asChild block size="lg" className={className}>
      <Link
        to={to}
        onClick={(event) => {
          // A click meant for a new tab or window only opens the page there.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          if (onContinue?.()) event.preventDefault();
        }}
      >
        Continue <ArrowRight aria-hidden />
      </Link>
    </Button>
  );
}

/**
 * The running count of the child's photos against the minimum and the maximum, and the way on
 * once there are enough.
 */
export function PhotoCountCard({
  count,
  limits,
  uploading,
  continueTo,
  onContinue,
  startsTraining = false,
  starting = false,
  className,
}: {
  count: number;
  limits: PhotoLimits;
  uploading: boolean;
  continueTo: string;
  onContinue?: () => boolean;
  /** Continue will start the training: said beforehand, since it cannot be taken back. */
  startsTraining?: boolean;
  starting?: boolean;
  className?: string;
}) {
  const enough = count >= limits.min;
  const full = count >= limits.max;
  const minShare = (limits.min / limits.max) * 100;
  const share = Math.min(100, (count / limits.max) * 100);
  const missing = limits.min - count;

  return (
    <Card padding="sm" className={className}>
      <div className="flex items-end justify-between gap-3">
        <p
          className="font-display text-4xl leading-none font-semibold text-ink tabular-nums"
          data-testid="photo-count"
        >
          {count}
          <span className="text-2xl text-muted">/{countTarget(count, limits)}</span>
        </p>
        {enough ? (
          <span className="flex items-center gap-1 text-sm font-semibold text-success-700">
            <CircleCheck className="size-4" aria-hidden /> Enough to train
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label="Photos uploaded"
        aria-valuemin={0}
        aria-valuemax={limits.max}
        aria-valuenow={count}
        aria-valuetext={`${count} photos: at least ${limits.min} needed, at most ${limits.max}`}
        className="relative mt-4 h-3 rounded-full bg-primary-100"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-300",
            enough ? "bg-success-600" : "bg-primary-600",
          )}
          style={{ width: `${share}%` }}
        />
        <span
          aria-hidden
          className="absolute -top-1 h-5 w-0.5 rounded-full bg-ink/60"
          style={{ left: `calc(${minShare}% - 1px)` }}
        />
      </div>
      <div className="mt-1.5 flex justify-between text-xs text-muted" aria-hidden>
        <span style={{ paddingLeft: `calc(${minShare}% - 1.5rem)` }}>min {limits.min}</span>
        <span>max {limits.max}</span>
      </div>
      <p className="mt-3 text-sm text-muted">
        {full
          ? "That's the most you can add. Remove a photo to swap it for another."
          : enough
            ? `You can add ${limits.max - count} more: more variety makes better portraits.`
            : `Add at least ${missing} more ${missing === 1 ? "photo" : "photos"} to continue.`}
      </p>
      {enough ? (
        <ContinueButton
          to={continueTo}
          uploading={uploading}
          onContinue={onContinue}
          starting={starting}
          className="mt-4"
        />
      ) : null}
      {enough && uploading ? (
        <p className="mt-2 text-center text-xs text-muted">Continue once the uploads finish.</p>
      ) : enough && startsTraining ? (
        <p className="mt-2 text-center text-xs text-muted">Continue starts the training with these photos.</p>
      ) : null}
    </Card>
  );
}
