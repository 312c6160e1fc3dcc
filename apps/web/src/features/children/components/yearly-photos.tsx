import { useQueryClient } from "@tanstack/react-query";
import type { YearlyUpdateState } from "@wonderkin/contract";
import { ArrowLeft, CalendarClock } from "lucide-react";
import { useEffect, useRef } from "react";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { NoticeCard } from "@/components/ui/notice-card";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/format-date";
import type { ChildPhotos } from "../api/child-photos";
import { useYearlyUpdate, yearlyUpdateQueryKey } from "../api/yearly-update";
import { friendlyDay, photosSince, updateTooSoon } from "../lib/yearly-update";
import { type FlowChild, PhotosToLookAt, UploadWorkspace } from "./upload-workspace";
import type { ChildFlow } from "./use-child-flow";
import { YearlyUpdateCard } from "./yearly-update-card";

/** The model is still new: when it was trained, from when it can be updated, and the way back. */
function TooSoonCard({ child, state }: { child: FlowChild; state: YearlyUpdateState }) {
  const name = child.firstName;
  return (
    <NoticeCard
      icon={CalendarClock}
      title={`${name}'s model is still new`}
      action={
        <TextLink to={paths.magicStudio(child.id)} className="inline-flex items-center gap-1.5">
          <ArrowLeft aria-hidden className="size-4" /> Back to {name}'s studio
        </TextLink>
      }
    >
      {state.modelTrainedAt
        ? `${name}'s model was trained on ${formatDate(state.modelTrainedAt)} and`
        : `${name}'s model`}{" "}
      can be updated with new photos from {friendlyDay(state.availableOn ?? "")}. Until then the studio makes
      portraits with it as it is.
    </NoticeCard>
  );
}

/**
 * The server's count of new photos moves with every photo added or removed here: read the state
 * again when this year's photos change, so the count and the button follow.
 */
function useStateFollowsPhotos(familyId: string, childId: number, count: number | null) {
  const queryClient = useQueryClient();
  const seen = useRef(count);
  useEffect(() => {
    const before = seen.current;
    seen.current = count;
    if (before === null || count === null || before === count) return;
    void queryClient.invalidateQueries({ queryKey: yearlyUpdateQueryKey(familyId, childId) });
  }, [queryClient, familyId, childId, count]);
}

/**
 * The upload page for a child whose model is trained: this year's photos (the ones added since the
 * model was trained; older ones trained it already and are not shown) and the yearly update they
 * feed. Before the model is old enough, only when it can be updated.
 */
export function YearlyPhotos({
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
  const update = useYearlyUpdate(familyId, child.id);
  const state = update.data;
  const thisYear = state ? photosSince(data.photos, state.newPhotosSince) : [];
  useStateFollowsPhotos(familyId, child.id, state ? thisYear.length : null);

  if (update.isError)
    return (
      <LoadProblem
        error={update.error}
        fallback={`We couldn't load ${child.firstName}'s yearly update.`}
        retrying={update.isFetching}
        onRetry={() => void update.refetch()}
      />
    );
  if (!state) return <LoadingCard label={`Loading ${child.firstName}'s yearly update`} />;
  if (updateTooSoon(state.availableOn))
    return (
      <div className="flex flex-col gap-6">
        <TooSoonCard child={child} state={state} />
        {/* What the last update did stays readable (just after one, the model is new again). */}
        {state.status ? (
          <YearlyUpdateCard
            familyId={familyId}
            child={child}
            state={state}
            uploading={false}
            mayStart={flow.canStartTraining}
            canUpdateNow={false}
          />
        ) : null}
      </div>
    );
  if (!flow.canUpload)
    return (
      <PhotosToLookAt
        flow={flow}
        familyId={familyId}
        child={child}
        photos={thisYear}
        doing="add this year's photos"
      />
    );
  return (
    <UploadWorkspace
      flow={flow}
      familyId={familyId}
      child={child}
      data={data}
      gridPhotos={thisYear}
      aside={(uploading) => (
        <YearlyUpdateCard
          familyId={familyId}
          child={child}
          state={state}
          uploading={uploading}
          mayStart={flow.canStartTraining}
        />
      )}
    />
  );
}
