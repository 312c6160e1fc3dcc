import { GENERATION_CREDIT_COST, GENERATION_MAX_COUNT, parseChildIdSegment } from "@wonderkin/contract";
import { ArrowRight, Download, Palette, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { formatCredits } from "@/entities/billing/format-credits";
import { StyleShowcase } from "@/entities/catalogue/style-showcase";
import { ChildAvatar } from "@/entities/children/child-avatar";
import { childrenLoadState } from "@/entities/children/children-load-state";
import type { StudioLocationState } from "@/entities/studio/studio-intro";
import { useMarkStudioIntroSeen } from "../api/studio-intro";

import { useStudioContext } from "./use-studio-context";

function IntroStep({
  number,
  icon: Icon,
  title,
  children,
}: {
  number: number;
  icon: typeof Palette;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="relative flex gap-4 rounded-(--radius-card) bg-surface p-5 shadow-(--shadow-card) sm:flex-col sm:p-6">
      <span className="relative grid size-12 shrink-0 place-items-center rounded-2xl bg-primary-100 text-primary-700">
        <Icon className="size-6" aria-hidden />
        <span
          aria-hidden
          className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-accent-500 text-xs font-bold text-night-950 ring-2 ring-surface"
        >
          {number}
        </span>
      </span>
      <div className="min-w-0">
        <h2 className="font-sans text-lg font-bold text-ink">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h2>
        <p className="mt-1 text-[0.95rem] leading-relaxed text-muted">{children}</p>
      </div>
    </li>
  );
}

function Intro({ childId }: { childId: number }) {
  const navigate = useNavigate();
  const context = useStudioContext(childId);
  const { child } = context;
  const markSeen = useMarkStudioIntroSeen(context.familyId);

  const loadState = childrenLoadState(
    { pending: context.isPending, children: context.children },
    "Opening the studio",
  );
  if (loadState) return loadState;
  if (!child) return <Navigate to={paths.chooseTheme} replace />;

  const name = child.firstName;
  const trained = child.trainingStatus === "completed";
  const enter = () => {
    // Not awaited: the studio lets in a parent arriving from here either way.
    markSeen.mutate(childId);
    const state: StudioLocationState = { fromIntro: true };
    navigate(paths.magicStudio(childId), { state });
  };

  return (
    <section aria-labelledby="intro-title" className="mx-auto flex max-w-4xl flex-col gap-6 sm:gap-8">
      <div className="relative overflow-hidden rounded-(--radius-card) bg-night-900 text-white shadow-(--shadow-lift)">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_0%_0%,#3b3070_0,transparent_55%),radial-gradient(circle_at_100%_100%,#ff8a5b44_0,transparent_55%)]"
        />
        <div className="relative flex flex-col-reverse items-center gap-8 p-6 sm:p-10 md:flex-row md:justify-between">
          <div className="min-w-0 text-center md:text-left">
            <ChildAvatar name={name} className="mx-auto mb-4 size-14 text-2xl md:mx-0" />
            <h1 id="intro-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
              Welcome to {name}'s magic studio
            </h1>
            <p className="mt-3 max-w-md text-white/80 sm:text-lg">
              Three little steps turn {name} into an astronaut, a fairy, a deep-sea diver, or whatever you
              dream up next.
            </p>
          </div>
          <StyleShowcase className="pt-2 md:pr-6" />
        </div>
      </div>

      <ol className="grid gap-3 sm:grid-cols-3 sm:gap-5">
        <IntroStep number={1} icon={Palette} title="Pick a style">
          Browse the categories, from dream jobs to fairy tales, and tap the look {name} would love.
        </IntroStep>
        <IntroStep number={2} icon={Wand2} title="Create portraits">
          Choose how many, up to {GENERATION_MAX_COUNT} at once. Each costs{" "}
          {formatCredits(GENERATION_CREDIT_COST)}, and they appear in moments.
        </IntroStep>
        <IntroStep number={3} icon={Download} title="Download & share">
          Open any portrait full size to download it, share it, print it or make a new version.
        </IntroStep>
      </ol>

      <div className="flex flex-col items-center gap-3 text-center">
        <Button size="lg" variant="accent" className="w-full sm:w-auto sm:px-10" onClick={enter}>
          Enter the studio <ArrowRight aria-hidden />
        </Button>
        <p className="text-sm text-muted">
          {context.balance === null ? null : (
            <>
              You have <strong className="text-ink">{formatCredits(context.balance)}</strong>.{" "}
            </>
          )}
          {trained ? null : `${name}'s portrait model is still training: the studio shows how far it is.`}
        </p>
      </div>
    </section>
  );
}

/** /kids/children/{childId}/studio-intro: a short, friendly tour before the first visit to the studio. */
export function StudioIntroPage() {
  const { childId: segment } = useParams();
  const childId = parseChildIdSegment(segment);
  if (childId === null) return <Navigate to={paths.chooseTheme} replace />;
  return <Intro key={childId} childId={childId} />;
}

export { StudioIntroPage as Component };
