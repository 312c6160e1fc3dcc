import type { UploadedPhoto } from "@wonderkin/contract";
import { Lightbulb } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useBlocker } from "react-router";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import type { ChildPhotos } from "../api/child-photos";
import { withChild } from "../lib/flow-links";
import { OwnersAndAdminsOnly } from "./flow-states";
import { PhotoDropZone } from "./photo-drop-zone";
import { UnfinishedUploadsCard } from "./unfinished-uploads-card";
import { UploadQueueList } from "./upload-queue-list";
import { UploadedPhotosGrid } from "./uploaded-photos-grid";
import type { ChildFlow } from "./use-child-flow";
import { useConsentGate } from "./use-consent-gate";
import { usePhotoUploads } from "./use-photo-uploads";
import { useUnfinishedUploads } from "./use-unfinished-uploads";

export type FlowChild = NonNullable<ChildFlow["child"]>;

/** For a parent whose role may not upload: who can, and the photos to look at (none to remove). */
export function PhotosToLookAt({
  flow,
  familyId,
  child,
  photos,
  doing,
}: {
  flow: ChildFlow;
  familyId: string;
  child: FlowChild;
  photos: UploadedPhoto[];
  doing: string;
}) {
  return (
    <>
      <OwnersAndAdminsOnly flow={flow} doing={doing} />
      <UploadedPhotosGrid
        familyId={familyId}
        childId={child.id}
        childName={child.firstName}
        photos={photos}
        canDelete={false}
      />
    </>
  );
}

function TipsReminder({ child }: { child: FlowChild }) {
  return (
    <Card className="max-lg:hidden">
      <h2 className="flex items-center gap-2 font-sans text-base font-bold text-ink">
        <Lightbulb className="size-4 text-accent-600" aria-hidden /> Quick reminder
      </h2>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-muted marker:text-primary-400">
        <li>Group photos are fine: you tap {child.firstName} once</li>
        <li>Face clear, in focus, well lit</li>
        <li>No sunglasses, hats or filters</li>
        <li>Different expressions and places</li>
      </ul>
      <TextLink to={withChild(paths.uploadTips, child.id)} className="mt-3 inline-block text-sm">
        See the illustrated tips
      </TextLink>
    </Card>
  );
}

/**
 * What both modes of the upload page share (the first training's photos and a yearly update's): the
 * unfinished uploads of an earlier visit, the drop zone, the queue, the photos already checked and
 * the question before leaving while photos are on their way. Each mode brings its own side panel
 * and the end of the main column; both are told whether photos are still on their way.
 */
export function UploadWorkspace({
  flow,
  familyId,
  child,
  data,
  gridPhotos = data.photos,
  problem = null,
  aside,
  footer,
}: {
  flow: ChildFlow;
  familyId: string;
  child: FlowChild;
  data: ChildPhotos;
  /** The photos the grid lists; all of the child's unless the mode shows only some. */
  gridPhotos?: UploadedPhoto[];
  /** The server's reason a training start was refused for the photos (see UploadedPhotosGrid). */
  problem?: string | null;
  aside: (uploading: boolean) => ReactNode;
  footer?: (uploading: boolean) => ReactNode;
}) {
  const sendToConsent = useConsentGate();
  const { limits, photos } = data;
  const unfinished = useUnfinishedUploads({ familyId, childId: child.id });
  // The limits count every photo the child has, shown or not: the server counts them all.
  const uploads = usePhotoUploads({
    familyId,
    childId: child.id,
    limits,
    uploadedCount: photos.length,
    onConsentNeeded: sendToConsent,
    keeper: unfinished.keeper,
  });
  const waiting = uploads.summary.active;
  const full = photos.length + waiting >= limits.max;
  // Moving to another page of the app would drop the photos still waiting: ask first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      waiting > 0 &&
      `${currentLocation.pathname}${currentLocation.search}` !==
        `${nextLocation.pathname}${nextLocation.search}`,
  );
  // The uploads finished while the parent was deciding: nothing is lost by leaving any more.
  useEffect(() => {
    if (blocker.state === "blocked" && waiting === 0) blocker.proceed();
  }, [blocker, waiting]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <UnfinishedUploadsCard
          files={unfinished.unfinished}
          onUploadAgain={() => unfinished.uploadAgain(uploads.add)}
          onForget={unfinished.forget}
        />
        <PhotoDropZone
          onFiles={uploads.add}
          disabled={full}
          disabledReason={
            photos.length >= limits.max
              ? `${child.firstName} has ${limits.max} photos, the most allowed. Remove one to add another.`
              : `The photos on their way make ${limits.max}, the most allowed.`
          }
          maxMegabytes={limits.maxMegabytes}
        />
        <UploadQueueList
          items={uploads.state.items}
          summary={uploads.summary}
          childName={child.firstName}
          previewOf={uploads.previewOf}
          onRemove={uploads.remove}
          onRetry={uploads.retry}
          onTapFace={uploads.tapFace}
          onDismissProblems={uploads.dismissProblems}
        />
        <UploadedPhotosGrid
          familyId={familyId}
          childId={child.id}
          childName={child.firstName}
          photos={gridPhotos}
          canDelete={flow.canDeletePhotos}
          canKeep={flow.canUpload}
          problem={problem}
        />
        {footer?.(waiting > 0)}
      </div>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title="Leave while photos are uploading?"
        description={`${waiting === 1 ? "One photo is" : `${waiting} photos are`} still on the way. If you leave now, ${waiting === 1 ? "it isn't" : "they aren't"} added; the photos already checked stay.`}
        confirmLabel="Leave anyway"
        onConfirm={() => blocker.proceed?.()}
      />
      <aside
        aria-label="Your progress"
        className="flex flex-col gap-4 max-lg:order-first lg:sticky lg:top-24"
      >
        {aside(waiting > 0)}
        <TipsReminder child={child} />
      </aside>
    </div>
  );
}
