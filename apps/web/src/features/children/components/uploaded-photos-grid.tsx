import type { UploadedPhoto } from "@wonderkin/contract";
import { CircleAlert, Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDeleteChildPhotos } from "../api/child-photos";

export const blurryHint = "Looks out of focus — consider replacing";

function PhotoTile({
  photo,
  position,
  childName,
  canDelete,
  deleting,
  onDelete,
}: {
  photo: UploadedPhoto;
  position: number;
  childName: string;
  canDelete: boolean;
  deleting: boolean;
  onDelete: () => void;
}) {
  const label = `Photo ${position} of ${childName}`;
  return (
    <li className="flex flex-col gap-1.5">
      <div
        className={cn(
          "group relative aspect-square overflow-hidden rounded-2xl bg-primary-50 ring-1 ring-line",
          photo.blurry && "ring-2 ring-warning-700/40",
        )}
        aria-busy={deleting || undefined}
      >
        <img
          src={photo.thumbnailUrl}
          alt={photo.blurry ? `${label}, which looks out of focus` : label}
          loading="lazy"
          className={cn("size-full object-cover transition-opacity", deleting && "opacity-40")}
        />
        {canDelete ? (
          <button
            type="button"
            disabled={deleting}
            onClick={onDelete}
            className="absolute top-1.5 right-1.5 grid size-9 place-items-center rounded-full bg-night-950/65 text-white backdrop-blur-sm transition-colors hover:bg-danger-600 focus-visible:bg-danger-600 disabled:opacity-60"
          >
            {deleting ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Trash2 className="size-4" aria-hidden />
            )}
            <span className="sr-only">
              {deleting ? `Removing photo ${position}` : `Remove photo ${position}`}
            </span>
          </button>
        ) : null}
      </div>
      {photo.blurry ? (
        <p className="flex items-start gap-1 text-xs leading-snug font-semibold text-warning-700">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          {blurryHint}
        </p>
      ) : null}
    </li>
  );
}

/** The child's uploaded photos, as the server keeps them, each removable by those who may. */
export function UploadedPhotosGrid({
  familyId,
  childId,
  childName,
  photos,
  canDelete,
}: {
  familyId: string;
  childId: number;
  childName: string;
  photos: UploadedPhoto[];
  canDelete: boolean;
}) {
  const remove = useDeleteChildPhotos(familyId, childId);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const blurry = photos.filter((photo) => photo.blurry).length;

  const deletePhoto = (photo: UploadedPhoto) => {
    setDeleting((current) => new Set(current).add(photo.id));
    remove.mutate([photo.id], {
      onSuccess: () => toast.success("Photo removed."),
      onError: (error) =>
        toast.error(errorMessage(error, "We couldn't remove that photo. Please try again.")),
      onSettled: () =>
        setDeleting((current) => {
          const next = new Set(current);
          next.delete(photo.id);
          return next;
        }),
    });
  };

  return (
    <Card className="p-5 sm:p-6">
      <CardTitle className="text-xl">
        {childName}'s photos{" "}
        <span className="font-sans text-base font-semibold text-muted">({photos.length})</span>
      </CardTitle>
      <CardDescription className="text-sm">
        {photos.length === 0
          ? "None yet: the photos you add appear here as soon as they're checked."
          : blurry > 0
            ? `${blurry === 1 ? "One photo looks" : `${blurry} photos look`} out of focus. They still count, but sharper ones make better portraits.`
            : "Only your family can see these. They're used to train the portrait model and nothing else."}
      </CardDescription>
      {photos.length > 0 ? (
        <ul
          aria-label={`${childName}'s photos`}
          className="mt-5 grid grid-cols-3 items-start gap-3 sm:grid-cols-4 xl:grid-cols-5"
        >
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              position={index + 1}
              childName={childName}
              canDelete={canDelete}
              deleting={deleting.has(photo.id)}
              onDelete={() => deletePhoto(photo)}
            />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
