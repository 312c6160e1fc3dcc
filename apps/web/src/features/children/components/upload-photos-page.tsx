import { ImagePlus } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { type ChildPhotos, useChildPhotos } from "../api/child-photos";
import { useYearlyUpdate } from "../api/yearly-update";
import { consentPath, withChild } from "../lib/flow-links";
import { NoChildYet } from "./flow-states";
import { FlowSteps } from "./flow-steps";
import { ContinueButton, PhotoCountCard } from "./photo-count-card";
import { type FlowChild, PhotosToLookAt, UploadWorkspace } from "./upload-workspace";
import { type ChildFlow, useChildFlow } from "./use-child-flow";
import { useContinueToTraining } from "./use-continue-to-training";
import { YearlyPhotos } from "./yearly-photos";

/** The first training's photos: the count against the limits, and Continue once there are enough. */
function FirstTrainingUploader({
  flow,
  familyId,
  child,
  data,
}: {
  flow: ChildFlow;
  familyId: string;
  child: FlowChild;
  data: ChildPhotos;
}) {
  const { limits, photos } = data;
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

  return (
    <UploadWorkspace
      flow={flow}
      familyId={familyId}
      child={child}
      data={data}
      problem={proceed.photosProblem}
      footer={(uploading) =>
        enough ? (
          <ContinueButton
            to={continueTo}
            uploading={uploading}
            onContinue={proceed.onContinue}
            starting={proceed.starting}
            className="lg:hidden"
          />
        ) : null
      }
      aside={(uploading) => (
        <PhotoCountCard
          count={photos.length}
          limits={limits}
          uploading={uploading}
          continueTo={continueTo}
          onContinue={proceed.onContinue}
          startsTraining={proceed.startsTraining}
          starting={proceed.starting}
        />
      )}
    />
  );
}

/** The header of the yearly mode: this year's photos, checked as the child, while the studio works on. */
function YearlyDescription({ child, minPhotos }: { child: FlowChild; minPhotos: number | undefined }) {
  const name = child.firstName;
  return (
    <>
      Add at least {minPhotos ?? "a few"} photos of {name} taken this year. Each one is checked as {name} when
      it arrives. The studio keeps working while the model updates.{" "}
      <TextLink to={withChild(paths.uploadTips, child.id)} className="lg:hidden">
        Photo tips
      </TextLink>
    </>
  );
}

/**
 * /kids/upload-images: the child's photos: add many at once, see each one's fate, remove any. Until
 * the model is trained they are the first training's photos; once it is, the page is the yearly
 * update's (decision 0069): this year's photos, and the button that trains the model again.
 */
export function UploadPhotosPage() {
  const flow = useChildFlow();
  const child = flow.child;
  const yearly = child?.trainingStatus === "completed";
  const photos = useChildPhotos(flow.familyId, child?.id ?? null);
  // Read here for the header's minimum; the yearly mode reads the same query for everything else.
  const update = useYearlyUpdate(flow.familyId, yearly ? (child?.id ?? null) : null);
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
  // Keyed, as the uploader below: another family or child starts with an empty queue.
  else if (yearly)
    body = (
      <YearlyPhotos
        key={`${flow.familyId}-${child.id}`}
        flow={flow}
        familyId={flow.familyId}
        child={child}
        data={photos.data}
      />
    );
  else if (!flow.canUpload)
    body = (
      <PhotosToLookAt
        flow={flow}
        familyId={flow.familyId}
        child={child}
        photos={photos.data.photos}
        doing="upload photos"
      />
    );
  // Keyed: another family or child starts with an empty queue (what was on its way is dropped).
  else
    body = (
      <FirstTrainingUploader
        key={`${flow.familyId}-${child.id}`}
        flow={flow}
        familyId={flow.familyId}
        child={child}
        data={photos.data}
      />
    );

  if (yearly && child)
    return (
      <section className="mx-auto flex max-w-5xl flex-col gap-6">
        <PageHeader
          icon={ImagePlus}
          title={`This year's photos of ${child.firstName}`}
          description={<YearlyDescription child={child} minPhotos={update.data?.minPhotos} />}
        />
        {body}
      </section>
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
