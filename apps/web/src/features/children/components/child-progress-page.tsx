import type { Child } from "@wonderkin/contract";
import { Check, ImagePlus, Loader2, Sparkles, TriangleAlert, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import {
  type ChildStage,
  childStage,
  childStageLabels,
  describeAge,
  photoCountText,
} from "@/lib/children/child-stage";
import { TRAINING_POLL_MS } from "@/lib/children/get-children";
import { cn } from "@/lib/cn";
import { usePublicConfig } from "@/lib/public-config";
import { withChild } from "../lib/flow-links";
import { FlowLoading, LoadProblem, NoChildYet } from "./flow-states";
import { FlowSteps } from "./flow-steps";
import { type ChildFlow, useChildFlow } from "./use-child-flow";

type StepState = "done" | "current" | "waiting" | "problem";

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long", year: "numeric" });

function Step({
  state,
  title,
  last = false,
  children,
}: {
  state: StepState;
  title: string;
  last?: boolean;
  children: ReactNode;
}) {
  const status = { done: "done", current: "in progress", waiting: "not yet", problem: "needs attention" }[
    state
  ];
  return (
    <li className="relative flex gap-4 pb-8 last:pb-0">
      {last ? null : (
        <span
          aria-hidden
          className={cn(
            "absolute top-10 bottom-1 left-[1.1875rem] w-0.5 rounded-full",
            state === "done" ? "bg-primary-600" : "bg-line",
          )}
        />
      )}
      <span
        aria-hidden
        className={cn(
          "relative grid size-10 shrink-0 place-items-center rounded-full",
          state === "done" && "bg-primary-600 text-white",
          state === "current" && "bg-accent-500 text-night-950 ring-4 ring-accent-100",
          state === "waiting" && "bg-surface text-subtle ring-1 ring-line",
          state === "problem" && "bg-danger-600 text-white ring-4 ring-danger-50",
        )}
      >
        {state === "done" ? (
          <Check className="size-5" strokeWidth={3} />
        ) : state === "problem" ? (
          <TriangleAlert className="size-5" />
        ) : state === "current" ? (
          <Sparkles className="size-5" />
        ) : (
          <span className="size-2 rounded-full bg-line" />
        )}
      </span>
      <div className="min-w-0 flex-1 pt-1.5">
        <h3 className="font-sans text-lg font-bold text-ink">
          {title}
          <span className="sr-only"> ({status})</span>
        </h3>
        <div className="mt-1 text-muted">{children}</div>
      </div>
    </li>
  );
}

function trainingStep(child: Child, stage: ChildStage, min: number): { state: StepState; body: ReactNode } {
  switch (stage) {
    case "needs-photos":
      return { state: "waiting", body: `Training starts once ${min} photos are in.` };
    case "photos-in":
      return {
        state: "current",
        body: (
          <>
            <p>Training starts once your photos are in, and they are.</p>
            <p className="mt-1.5">
              Training opens together with the magic studio, which is still being finished: nothing is running
              yet. {child.firstName}'s photos wait here safely until then, and you can still add or swap some.
            </p>
          </>
        ),
      };
    case "training":
      return {
        state: "current",
        body: (
          <p className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin text-primary-600" aria-hidden />
            Learning {child.firstName}'s face. This page checks every {TRAINING_POLL_MS / 1000} seconds by
            itself.
          </p>
        ),
      };
    case "failed":
      return {
        state: "problem",
        body: (
          <>
            <p className="text-danger-700">
              Training didn't work{child.trainingFailureReason ? `: ${child.trainingFailureReason}` : "."}
            </p>
            <p className="mt-1.5">
              Swapping a few photos for sharper ones where only {child.firstName} is in the picture usually
              helps.
            </p>
          </>
        ),
      };
    case "ready":
      return { state: "done", body: `${child.firstName}'s portrait model is trained.` };
  }
}

function NextStep({
  flow,
  child,
  stage,
  min,
}: {
  flow: ChildFlow;
  child: Child;
  stage: ChildStage;
  min: number;
}) {
  const photosLink = withChild(paths.uploadImages, child.id);
  if (stage === "ready") {
    return (
      <Button asChild size="lg">
        <Link to={paths.magicStudio(child.id)}>
          <Wand2 aria-hidden /> Open {child.firstName}'s magic studio
        </Link>
      </Button>
    );
  }
  if (!flow.canUpload) {
    return (
      <p className="text-muted">
        An owner or admin of {flow.familyName} looks after {child.firstName}'s photos. You'll find the
        portraits here once the studio is ready.
      </p>
    );
  }
  if (stage === "needs-photos") {
    const missing = min - child.photoCount;
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink">
          Add {missing} more {missing === 1 ? "photo" : "photos"} of {child.firstName}.
        </p>
        <Button asChild size="lg">
          <Link to={photosLink}>
            <ImagePlus aria-hidden /> Upload photos
          </Link>
        </Button>
      </div>
    );
  }
  if (stage === "failed") {
    return (
      <Button asChild size="lg">
        <Link to={photosLink}>
          <ImagePlus aria-hidden /> Replace photos
        </Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-ink">
        {stage === "training"
          ? "Nothing to do: we'll show the studio here when training ends."
          : "Nothing more to do for now. You can still swap or add photos."}
      </p>
      <Button asChild variant="secondary">
        <Link to={photosLink}>
          <ImagePlus aria-hidden /> {stage === "training" ? "See the photos" : "Review photos"}
        </Link>
      </Button>
    </div>
  );
}

function Progress({ flow, child, min }: { flow: ChildFlow; child: Child; min: number }) {
  const stage = childStage(child, min);
  const training = trainingStep(child, stage, min);
  const enoughPhotos = child.photoCount >= min;
  const { label, tone } = childStageLabels[stage];

  return (
    <>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="text-xl">{child.firstName}'s way to the studio</CardTitle>
          <Badge tone={tone}>{label}</Badge>
        </div>
        <ol aria-label={`${child.firstName}'s progress`} className="mt-6">
          <Step state="done" title={`${child.firstName} added`}>
            {describeAge(child.age)} · {child.gender} · added on{" "}
            {dateFormat.format(new Date(child.createdAt))}
          </Step>
          <Step state={enoughPhotos ? "done" : "current"} title="Photos">
            <span data-testid="progress-photo-count">{photoCountText(child.photoCount)} uploaded</span>{" "}
            {enoughPhotos ? `(at least ${min} needed).` : `of the ${min} needed.`}
          </Step>
          <Step state={training.state} title="Training">
            {training.body}
          </Step>
          <Step state={stage === "ready" ? "current" : "waiting"} title="Ready" last>
            {stage === "ready"
              ? `${child.firstName}'s studio is open: pick a style and make the first portraits.`
              : "Then pick styles, from astronaut to fairy, and make portraits."}
          </Step>
        </ol>
      </Card>
      <Card className="p-5 sm:p-6">
        <h2 className="mb-3 font-sans text-sm font-bold tracking-wide text-primary-700 uppercase">
          What's next
        </h2>
        <NextStep flow={flow} child={child} stage={stage} min={min} />
      </Card>
    </>
  );
}

/** /kids/add-children/in-progress: where the child is, from photos to training to ready, and what to do. */
export function ChildProgressPage() {
  const flow = useChildFlow({ pollWhileTraining: true });
  const config = usePublicConfig();
  const child = flow.child;
  const min = config.data?.photos.min;

  let body: ReactNode;
  if (flow.isPending || (config.isPending && child))
    body = <FlowLoading label="Loading your child's progress" />;
  else if (flow.children.isError)
    body = (
      <LoadProblem
        error={flow.children.error}
        fallback="We couldn't load your family's children."
        retrying={flow.children.isFetching}
        onRetry={() => void flow.children.refetch()}
      />
    );
  else if (!child) body = <NoChildYet flow={flow} />;
  else if (min === undefined)
    body = (
      <LoadProblem
        error={config.error}
        fallback="We couldn't load the photo requirements."
        retrying={config.isFetching}
        onRetry={() => void config.refetch()}
      />
    );
  else body = <Progress flow={flow} child={child} min={min} />;

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <FlowSteps current="training" />
      <PageHeader
        icon={Sparkles}
        tone="accent"
        title={child ? `${child.firstName}'s studio is getting ready` : "Getting ready"}
        description="Photos first, then a portrait model trained on them, then the magic studio."
      />
      {body}
    </section>
  );
}

export { ChildProgressPage as Component };
