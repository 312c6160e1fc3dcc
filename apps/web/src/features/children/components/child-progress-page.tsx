import type { Child } from "@wonderkin/contract";
import { Check, Sparkles, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { PageHeader } from "@/components/ui/page-header";
import { useParentPlan } from "@/entities/billing/plan-entitlements";
import {
  type ChildStage,
  childStage,
  childStageLabels,
  describeAge,
  photoCountText,
} from "@/entities/children/child-stage";
import { childrenLoadState } from "@/entities/children/children-load-state";
import { type ChildTraining, useChildTraining } from "@/entities/training/child-training";
import { pendingTrainingStartProblem, trainingStartProblemOf } from "@/entities/training/start-on-continue";
import { trainingStateFromChild } from "@/entities/training/training-progress";
import { TrainingActions, TrainingStatus } from "@/entities/training/training-views";
import { cn } from "@/lib/cn";
import { usePublicConfig } from "@/lib/public-config";
import { progressHeading } from "../lib/progress-heading";
import { NoChildYet } from "./flow-states";
import { FlowSteps } from "./flow-steps";
import { PreviewsSection } from "./previews-section";
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

function trainingStepState(stage: ChildStage): StepState {
  switch (stage) {
    case "needs-photos":
      return "waiting";
    case "failed":
      return "problem";
    case "ready":
      return "done";
    default:
      return "current";
  }
}

function NextStep({
  flow,
  child,
  training,
  stage,
  min,
  startProblem,
}: {
  flow: ChildFlow;
  child: Child;
  training: ChildTraining;
  stage: ChildStage;
  min: number;
  startProblem: string | null;
}) {
  if (!flow.canUpload && stage === "needs-photos") {
    return (
      <p className="text-muted">
        An owner or admin of {flow.familyName} looks after {child.firstName}'s photos. You'll find the
        portraits here once the studio is ready.
      </p>
    );
  }
  return (
    <TrainingActions
      training={training}
      child={child}
      minPhotos={min}
      canStart={flow.canStartTraining}
      familyName={flow.familyName}
      startProblem={startProblem}
    />
  );
}

function Progress({ flow, child, min }: { flow: ChildFlow; child: Child; min: number }) {
  const training = useChildTraining(flow.familyId, child);
  // The styles a preview may be swapped for (the guard has read the plan already).
  const { entitlements } = useParentPlan();
  const state = training.state ?? trainingStateFromChild(child);
  // The live training state, which moves ahead of the children list.
  const stage = childStage({ photoCount: child.photoCount, trainingStatus: state.status }, min);
  const enoughPhotos = child.photoCount >= min;
  const { label, tone } = childStageLabels[stage];
  const location = useLocation();
  // The upload page tried to start the training on Continue and could not: the Training step shows
  // a problem, and What's next says why beside the button that tries again.
  const startProblem = pendingTrainingStartProblem({
    problem: trainingStartProblemOf(location.state),
    trainingStatus: state.status,
    retried: !training.start.isIdle,
  });

  return (
    <>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle size="md">{child.firstName}'s way to the studio</CardTitle>
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
          <Step state={startProblem ? "problem" : trainingStepState(stage)} title="Training">
            <TrainingStatus state={state} child={child} minPhotos={min} />
          </Step>
          <Step state={stage === "ready" ? "current" : "waiting"} title="Ready" last>
            {stage === "ready"
              ? `${child.firstName}'s studio is open: pick a style and make the first portraits.`
              : "Then pick styles, from astronaut to fairy, and make portraits."}
          </Step>
        </ol>
      </Card>
      {flow.familyId ? (
        <PreviewsSection
          familyId={flow.familyId}
          child={{ id: child.id, firstName: child.firstName, trainingStatus: state.status }}
          canStartTraining={flow.canStartTraining}
          canGenerate={flow.canGenerate}
          entitlements={entitlements}
          photosReady={enoughPhotos}
        />
      ) : null}
      <Card padding="sm">
        <h2 className="mb-3 font-sans text-sm font-bold tracking-wide text-primary-700 uppercase">
          What's next
        </h2>
        <NextStep
          flow={flow}
          child={child}
          training={training}
          stage={stage}
          min={min}
          startProblem={startProblem}
        />
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
  const heading = progressHeading(child);

  let body: ReactNode = childrenLoadState(
    { pending: flow.isPending || (config.isPending && child !== null), children: flow.children },
    "Loading your child's progress",
  );
  if (body) {
    // Still loading, or the children could not be read.
  } else if (!child) body = <NoChildYet flow={flow} />;
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
      <PageHeader icon={Sparkles} tone="accent" title={heading.title} description={heading.description} />
      {body}
    </section>
  );
}

export { ChildProgressPage as Component };
