import { findStyle, type YearlySeriesRender, type YearlyUpdateState } from "@wonderkin/contract";
import { CircleCheck, Sparkles } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { useStartYearlyUpdate } from "../api/yearly-update";
import { canStartYearlyUpdate } from "../lib/yearly-update";

type Child = { id: number; firstName: string };

/** The catalogue's name for a style, as the studio's series show it. */
const styleName = (styleId: string): string => findStyle(styleId)?.title ?? styleId;

function SeriesRenderLine({ render, childId }: { render: YearlySeriesRender; childId: number }) {
  if (render.imageId) {
    return (
      <li>
        {styleName(render.styleId)}:{" "}
        <TextLink to={paths.magicStudio(childId)}>this year's portrait is in the studio</TextLink>
      </li>
    );
  }
  return (
    <li>
      {styleName(render.styleId)}: not made{render.problem ? ` — ${render.problem}` : ""}
    </li>
  );
}

/** What the last update did: when, and the yearly series' portraits it asked for. */
function CompletedSummary({ state, child }: { state: YearlyUpdateState; child: Child }) {
  return (
    <div className="flex flex-col gap-2" data-testid="yearly-update-completed">
      <p className="flex items-center gap-1.5 text-sm font-semibold text-success-700">
        <CircleCheck className="size-4" aria-hidden />
        {state.completedAt ? `Updated on ${formatDate(state.completedAt)}` : "Updated"}
      </p>
      {state.seriesPending ? (
        <p className="text-sm text-muted" role="status">
          Making this year's portrait of each yearly series…
        </p>
      ) : null}
      {state.seriesRenders.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-muted" aria-label="This year's series portraits">
          {state.seriesRenders.map((render) => (
            <SeriesRenderLine key={render.styleId} render={render} childId={child.id} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The new photos against the minimum, drawn like the first training's photo count. */
function NewPhotoCount({ count, min }: { count: number; min: number }) {
  const enough = count >= min;
  return (
    <div>
      <p className="text-sm text-muted" data-testid="new-photo-count">
        <span className="font-display text-4xl leading-none font-semibold text-ink tabular-nums">
          {count}
        </span>{" "}
        of {min} new photos
      </p>
      <div
        role="progressbar"
        aria-label="New photos"
        aria-valuemin={0}
        aria-valuemax={min}
        aria-valuenow={Math.min(count, min)}
        aria-valuetext={`${count} of ${min} new photos`}
        className="mt-3 h-3 rounded-full bg-primary-100"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-300",
            enough ? "bg-success-600" : "bg-primary-600",
          )}
          style={{ width: `${Math.min(100, (count / min) * 100)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The yearly update of a trained child's model, in the upload page's side panel: how many of this
 * year's photos are in, the button that starts the update, its progress while it runs, why it
 * failed, and what it made once done. `canUpdateNow` is false while the model is still too new: the
 * card then only says what the last update did.
 */
export function YearlyUpdateCard({
  familyId,
  child,
  state,
  uploading,
  mayStart,
  canUpdateNow = true,
}: {
  familyId: string;
  child: Child;
  state: YearlyUpdateState;
  /** Photos are still on their way: the update waits for them, as they are part of it. */
  uploading: boolean;
  /** The parent's role may start a training (owners and admins). */
  mayStart: boolean;
  canUpdateNow?: boolean;
}) {
  const start = useStartYearlyUpdate(familyId, child.id);
  const name = child.firstName;
  const started = state.status === "started";
  const missing = state.minPhotos - state.newPhotoCount;
  const enabled = canStartYearlyUpdate({
    newPhotoCount: state.newPhotoCount,
    minPhotos: state.minPhotos,
    uploading,
    mayStart,
    started: started || start.isPending,
  });

  return (
    <Card padding="sm" role="region" aria-labelledby="yearly-update-title" className="flex flex-col gap-4">
      <CardTitle size="md" id="yearly-update-title" className="flex items-center gap-2">
        <Sparkles className="size-5 text-accent-600" aria-hidden /> This year's update
      </CardTitle>
      {started ? (
        <div className="flex flex-col gap-2">
          <ProgressBar value={state.progress} label={`Updating ${name}'s likeness`} size="lg" />
          <p className="text-sm text-muted">
            Updating {name}'s likeness… The studio keeps working meanwhile.
          </p>
        </div>
      ) : null}
      {state.status === "completed" ? <CompletedSummary state={state} child={child} /> : null}
      {state.status === "failed" ? (
        <Alert tone="warning" data-testid="yearly-update-failed">
          <strong>The update didn't finish.</strong> {state.failureReason ?? "Please try again."}
        </Alert>
      ) : null}
      {canUpdateNow && !started ? (
        <>
          <NewPhotoCount count={state.newPhotoCount} min={state.minPhotos} />
          <p className="text-sm text-muted">
            We train {name}'s model again from this year's photos. The studio keeps making portraits with the
            current one meanwhile. When it's done, each yearly series gets this year's portrait, 1 credit
            each.
          </p>
          {start.isError ? (
            <Alert tone="danger">
              {errorMessage(start.error, "We couldn't start the update. Please try again.")}
            </Alert>
          ) : null}
          {mayStart ? (
            <div className="flex flex-col gap-2">
              <Button block wrap disabled={!enabled} pending={start.isPending} onClick={() => start.mutate()}>
                Update {name}'s likeness
              </Button>
              {uploading ? (
                <p className="text-center text-xs text-muted">Update once the uploads finish.</p>
              ) : missing > 0 ? (
                <p className="text-center text-xs text-muted">
                  Add {missing} more {missing === 1 ? "photo" : "photos"} from this year to update.
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted">An owner or admin of the family can start the update.</p>
          )}
        </>
      ) : null}
    </Card>
  );
}
