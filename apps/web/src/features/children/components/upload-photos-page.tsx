import { ImagePlus, Lightbulb } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Navigate, useBlocker } from "react-router";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { useChildPhotos } from "../api/child-photos";
import { consentPath, withChild } from "../lib/flow-links";
import { NoChildYet, OwnersAndAdminsOnly } from "./flow-states";
import { FlowSteps } from "./flow-steps";
import { ContinueButton, PhotoCountCard } from "./photo-count-card";
import { PhotoDropZone } from "./photo-drop-zone";
import { UnfinishedUploadsCard } from "./unfinished-uploads-card";
import { UploadQueueList } from "./upload-queue-list";
import { UploadedPhotosGrid } from "./uploaded-photos-grid";
import { type ChildFlow, useChildFlow } from "./use-child-flow";
import { useConsentGate } from "./use-consent-gate";
import { useContinueToTraining } from "./use-continue-to-training";
import { usePhotoUploads } from "./use-photo-uploads";
import { useUnfinishedUploads } from "./use-unfinished-uploads";

type Child = NonNullable<ChildFlow["child"]>;
type Photos = NonNullable<ReturnType<typeof useChildPhotos>["data"]>;

function TipsReminder({ child }: { child: Child }) {
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

function Uploader({
  flow,
  familyId,
  child,
  data,
}: {
  flow: ChildFlow;
  familyId: string;
  child: Child;
  data: Photos;
}) {
  const sendToConsent = useConsentGate();
  const { limits, photos } = data;
  const unfinished = useUnfinishedUploads({ familyId, childId: child.id });
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
  const continueTo = withChild(paths.addChildrenInProgress, child.id);
  const enough = photos.length >= limits.min;
  const proceed = useContinueToTraining({
    familyId,
    child,
    canStart: flow.canStartTraining,
    photoCount: photos.length,
    minPhotos: limits.min,
    to: continueTo,
  });
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
          photos={photos}
          canDelete={flow.canDeletePhotos}
          canKeep={flow.canUpload}
          problem={proceed.photosProblem}
        />
        {enough ? (
          <ContinueButton
            to={continueTo}
            uploading={waiting > 0}
            onContinue={proceed.onContinue}
            starting={proceed.starting}
            className="lg:hidden"
          />
        ) : null}
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
        <PhotoCountCard
          count={photos.length}
          limits={limits}
          uploading={waiting > 0}
          continueTo={continueTo}
          onContinue={proceed.onContinue}
          startsTraining={proceed.startsTraining}
          starting={proceed.starting}
        />
        <TipsReminder child={child} />
      </aside>
    </div>
  );
}

/** /kids/upload-images: the child's training photos: add many at once, see each one's fate, remove any. */
export function UploadPhotosPage() {
  const flow = useChildFlow();
  const child = flow.child;
  const photos = useChildPhotos(flow.familyId, child?.id ?? null);
  const here = withChild(paths.uploadImages, child?.id);

  let body: ReactNode = childrenLoadState(
    { pending: flow.isPending, children: flow.children },
    "Loading your family",
  );
  if (body) {
    // Still loading, or the children could not be read.
  } else if (!child || !flow.familyId) body = <NoChildYet flow={flow} />;
  else if (flow.canUpload && flow.consent !== "current") return <Navigate to={consentPath(here)} replace />;
  else if (photos.isError)
    body = (
      <LoadProblem
        error={photos.error}
        fallback={`We couldn't load ${child.firstName}'s photos.`}
        retrying={photos.isFetching}
        onRetry={() => void photos.refetch()}
      />
    );
  else if (!photos.data) body = <LoadingCard label={`Loading ${child.firstName}'s photos`} />;
  else if (!flow.canUpload)
    body = (
      <>
        <OwnersAndAdminsOnly flow={flow} doing="upload photos" />
        <UploadedPhotosGrid
          familyId={flow.familyId}
          childId={child.id}
          childName={child.firstName}
          photos={photos.data.photos}
          canDelete={false}
        />
      </>
    );
  // Keyed: another family or child starts with an empty queue (what was on its way is dropped).
  else
    body = (
      <Uploader
        key={`${flow.familyId}-${child.id}`}
        flow={flow}
        familyId={flow.familyId}
        child={child}
        data={photos.data}
      />
    );

  const limits = photos.data?.limits;
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <FlowSteps current="photos" className="mx-auto w-full max-w-2xl" />
      <PageHeader
        icon={ImagePlus}
        title={child ? `Photos of ${child.firstName}` : "Upload photos"}
        description={
          <>
            {limits ? `Add at least ${limits.min} photos, up to ${limits.max}. ` : null}Each one is checked as
            it arrives: {child ? `${child.firstName}'s` : "your child's"} face clearly visible. Group photos
            are fine: we keep only {child?.firstName ?? "your child"} and blur everyone else.{" "}
            {child ? (
              <TextLink to={withChild(paths.uploadTips, child.id)} className="lg:hidden">
                Photo tips
              </TextLink>
            ) : null}
          </>
        }
      />
      {body}
    </section>
  );
}

export { UploadPhotosPage as Component };
