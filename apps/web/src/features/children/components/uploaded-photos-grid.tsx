import type { UploadedPhoto } from "@wonderkin/contract";
import { CircleHelp, Loader2, Star, Trash2, UserX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDeleteChildPhotos, useKeepChildPhoto } from "../api/child-photos";
import { faceOutlineInSquare } from "../lib/face-outline";
import {
  adultSummary,
  asksIfAdult,
  bestFirst,
  isMarkedBest,
  isSomeoneElse,
  photoIssueLabels,
  reviewCounts,
  someoneElseSummary,
} from "../lib/photo-review";

type Busy = "deleting" | "keeping" | null;

/** A small label on the picture itself; the words under the picture say the same for everyone. */
function Marker({ tone, children }: { tone: "danger" | "warning" | "best"; children: ReactNode }) {
  return (
    <span
      aria-hidden
      className={cn(
        "absolute left-1.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] font-bold shadow-sm [&_svg]:size-3 [&_svg]:shrink-0",
        tone === "danger" && "top-1.5 bg-danger-600 text-white",
        tone === "warning" && "top-1.5 bg-warning-50 text-warning-700 ring-1 ring-warning-700/30",
        tone === "best" && "bottom-1.5 bg-white/90 text-primary-700 backdrop-blur-sm",
      )}
    >
      {children}
    </span>
  );
}

function PhotoTile({
  photo,
  position,
  best,
  childName,
  canDelete,
  canKeep,
  busy,
  onDelete,
  onKeep,
}: {
  photo: UploadedPhoto;
  position: number;
  best: boolean;
  childName: string;
  canDelete: boolean;
  canKeep: boolean;
  busy: Busy;
  onDelete: () => void;
  onKeep: () => void;
}) {
  const label = `Photo ${position} of ${childName}`;
  const someoneElse = isSomeoneElse(photo);
  const adult = asksIfAdult(photo);
  const issues = photoIssueLabels(photo);
  // A photo that asks something of the parent says so in words, with its actions under it.
  const flagged = someoneElse || adult;
  // The face the product took for the child's (in a group photo, the one face left unblurred).
  const outline = photo.faceBox ? faceOutlineInSquare(photo.faceBox, photo) : null;
  const removeButton = canDelete ? (
    <Button
      size="sm"
      variant="secondary-danger"
      padding="tight"
      block
      pending={busy === "deleting"}
      disabled={busy !== null}
      onClick={onDelete}
    >
      {busy === "deleting" ? null : <Trash2 aria-hidden />}
      Remove <span className="sr-only">photo {position}</span>
    </Button>
  ) : null;

  return (
    <li className="flex min-w-0 flex-col gap-1.5" data-testid="uploaded-photo" data-photo-id={photo.id}>
      <div
        className={cn(
          "group relative aspect-square overflow-hidden rounded-2xl bg-primary-50",
          someoneElse ? "ring-2 ring-danger-600" : adult ? "ring-2 ring-warning-700/50" : "ring-1 ring-line",
        )}
        aria-busy={busy !== null || undefined}
      >
        <img
          src={photo.thumbnailUrl}
          alt={photo.blurry ? `${label}, which looks out of focus` : label}
          loading="lazy"
          className={cn(
            "size-full object-cover transition-opacity",
            busy === "deleting" && "opacity-40",
            someoneElse && busy === null && "opacity-80",
          )}
        />
        {outline ? (
          <span
            aria-hidden
            data-testid="face-outline"
            className="pointer-events-none absolute rounded-[45%] border-2 border-white/85 shadow-[0_0_0_1px_rgb(0_0_0/0.25)]"
            style={{
              left: `${outline.left}%`,
              top: `${outline.top}%`,
              width: `${outline.width}%`,
              height: `${outline.height}%`,
            }}
          />
        ) : null}
        {someoneElse ? (
          <Marker tone="danger">
            <UserX /> Someone else
          </Marker>
        ) : adult ? (
          <Marker tone="warning">
            <CircleHelp /> Adult?
          </Marker>
        ) : null}
        {best ? (
          <Marker tone="best">
            <Star className="fill-current" /> Best
          </Marker>
        ) : null}
        {canDelete && !flagged ? (
          <button
            type="button"
            disabled={busy !== null}
            onClick={onDelete}
            className="absolute top-1.5 right-1.5 grid size-9 place-items-center rounded-full bg-night-950/65 text-white backdrop-blur-sm transition-colors hover:bg-danger-600 focus-visible:bg-danger-600 disabled:opacity-60"
          >
            {busy === "deleting" ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Trash2 className="size-4" aria-hidden />
            )}
            <span className="sr-only">
              {busy === "deleting" ? `Removing photo ${position}` : `Remove photo ${position}`}
            </span>
          </button>
        ) : null}
      </div>
      {best ? <span className="sr-only">One of the best photos.</span> : null}
      {someoneElse ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs leading-snug font-semibold text-danger-700" data-testid="photo-someone-else">
            Looks like someone else — not {childName}
          </p>
          {removeButton}
        </div>
      ) : adult ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-xs leading-snug font-semibold text-ink" data-testid="photo-looks-adult">
            This looks like an adult — is it {childName}?
          </p>
          {canKeep ? (
            <Button
              size="sm"
              variant="secondary"
              block
              pending={busy === "keeping"}
              disabled={busy !== null}
              padding="tight"
              onClick={onKeep}
            >
              Yes, keep it <span className="sr-only">(photo {position})</span>
            </Button>
          ) : null}
          {removeButton}
          {canKeep || canDelete ? null : (
            <p className="text-xs text-muted">An owner or admin of the family can answer.</p>
          )}
        </div>
      ) : issues.length > 0 ? (
        <p className="flex flex-wrap gap-1" data-testid="photo-issues">
          <span className="sr-only">Could be better: </span>
          {issues.map((issue, index) => (
            <span
              key={issue}
              className="rounded-full bg-canvas px-2 py-0.5 text-[0.7rem] leading-tight font-semibold text-muted ring-1 ring-line ring-inset"
            >
              {issue}
              {index < issues.length - 1 ? <span className="sr-only">,</span> : null}
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

function gridDescription(photos: readonly UploadedPhoto[], weak: number): string {
  if (photos.length === 0) return "None yet: the photos you add appear here as soon as they're checked.";
  if (weak > 0)
    return `Best first. ${weak === 1 ? "One photo could" : `${weak} photos could`} be better: ${weak === 1 ? "it still counts" : "they still count"}, but sharp, close photos facing the camera make better portraits.`;
  return "Best first. Only your family can see these. They're used to train the portrait model and nothing else.";
}

/**
 * The child's uploaded photos, as the server keeps them, best first. Photos that look like someone
 * else are marked to be removed before training; photos that look like an adult ask the parent
 * whether it is the child; weak photos name what holds them back. `problem` is the server's reason
 * a training start was just refused for photos of someone else: it stands above the photos until
 * they are gone.
 */
export function UploadedPhotosGrid({
  familyId,
  childId,
  childName,
  photos,
  canDelete,
  canKeep = false,
  problem = null,
}: {
  familyId: string;
  childId: number;
  childName: string;
  photos: UploadedPhoto[];
  canDelete: boolean;
  /** May confirm that a photo which looks like an adult shows the child (photo upload permission). */
  canKeep?: boolean;
  problem?: string | null;
}) {
  const remove = useDeleteChildPhotos(familyId, childId);
  const keep = useKeepChildPhoto(familyId, childId);
  const [busy, setBusy] = useState<ReadonlyMap<string, Exclude<Busy, null>>>(new Map());
  const sorted = bestFirst(photos);
  const counts = reviewCounts(photos);
  // The refusal stays while the photos it named still need an answer.
  const shownProblem = counts.someoneElse > 0 || counts.adult > 0 ? problem : null;
  const problemRef = useRef<HTMLDivElement>(null);

  // The refusal came from a Continue button that may be far below on a phone: bring it into view.
  useEffect(() => {
    if (shownProblem) problemRef.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [shownProblem]);

  const settle = (photo: UploadedPhoto) =>
    setBusy((current) => {
      const next = new Map(current);
      next.delete(photo.id);
      return next;
    });

  const deletePhoto = (photo: UploadedPhoto) => {
    setBusy((current) => new Map(current).set(photo.id, "deleting"));
    remove.mutate([photo.id], {
      onSuccess: () => toast.success("Photo removed."),
      onError: (error) =>
        toast.error(errorMessage(error, "We couldn't remove that photo. Please try again.")),
      onSettled: () => settle(photo),
    });
  };

  const keepPhoto = (photo: UploadedPhoto) => {
    setBusy((current) => new Map(current).set(photo.id, "keeping"));
    keep.mutate(photo.id, {
      onSuccess: () => toast.success(`Kept: it stays with ${childName}'s photos.`),
      onError: (error) => toast.error(errorMessage(error, "We couldn't keep that photo. Please try again.")),
      onSettled: () => settle(photo),
    });
  };

  // Often every flagged photo is the child (age networks overestimate young children): one answer for all.
  const keepAll = async () => {
    const asking = sorted.filter(asksIfAdult);
    setBusy((current) => new Map([...current, ...asking.map((photo) => [photo.id, "keeping"] as const)]));
    try {
      await keep.mutateAsync(asking.map((photo) => photo.id));
      toast.success(`Kept: they stay with ${childName}'s photos.`);
    } catch (error) {
      toast.error(errorMessage(error, "We couldn't keep those photos. Please try again."));
    } finally {
      setBusy(new Map());
    }
  };

  return (
    <Card padding="sm">
      <CardTitle size="md">
        {childName}'s photos{" "}
        <span className="font-sans text-base font-semibold text-muted">({photos.length})</span>
      </CardTitle>
      <CardDescription className="text-sm">{gridDescription(photos, counts.weak)}</CardDescription>
      {shownProblem ? (
        <div ref={problemRef} className="mt-4 scroll-mt-24">
          <Alert tone="danger" data-testid="training-refused-problem">
            <strong>Training didn't start.</strong> {shownProblem}
          </Alert>
        </div>
      ) : counts.someoneElse > 0 ? (
        <p
          className="mt-4 flex items-start gap-2 rounded-2xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700"
          data-testid="someone-else-summary"
        >
          <UserX className="mt-0.5 size-4 shrink-0" aria-hidden />
          {someoneElseSummary(counts.someoneElse, childName)}
        </p>
      ) : null}
      {counts.adult > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="flex items-start gap-2 text-sm text-warning-700" data-testid="looks-adult-summary">
            <CircleHelp className="mt-0.5 size-4 shrink-0" aria-hidden />
            {adultSummary(counts.adult, childName)}
          </p>
          {canKeep && counts.adult > 1 ? (
            <Button size="sm" variant="secondary" disabled={busy.size > 0} onClick={keepAll}>
              Yes, they're all {childName}
            </Button>
          ) : null}
        </div>
      ) : null}
      {sorted.length > 0 ? (
        <ul
          aria-label={`${childName}'s photos`}
          className="mt-5 grid grid-cols-2 items-start gap-3 min-[30rem]:grid-cols-3 sm:grid-cols-4"
        >
          {sorted.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              position={index + 1}
              best={isMarkedBest(photo, index, sorted.length)}
              childName={childName}
              canDelete={canDelete}
              canKeep={canKeep}
              busy={busy.get(photo.id) ?? null}
              onDelete={() => deletePhoto(photo)}
              onKeep={() => keepPhoto(photo)}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
