import { ArrowRight, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { UpcomingPage } from "@/app/upcoming-page";
import { Button } from "@/components/ui/button";
import { consentPath } from "../lib/flow-links";
import { ChildPortraitIllustration } from "./tip-illustrations";
import { type ChildFlow, useChildFlow } from "./use-child-flow";

/** The first thing a new family sees: add the child the portraits will be of. */
function AddFirstChild({ flow }: { flow: ChildFlow }) {
  const start = flow.consent === "current" ? paths.addChildren : consentPath(paths.addChildren);
  return (
    <div className="relative mt-6 overflow-hidden rounded-(--radius-card) bg-night-900 text-white shadow-(--shadow-lift)">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_15%_0%,#3b3070_0,transparent_60%),radial-gradient(circle_at_100%_100%,#5230cc66_0,transparent_55%)]"
      />
      <div className="relative flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8">
        <ChildPortraitIllustration className="w-32 shrink-0 -rotate-3 shadow-2xl ring-4 ring-white/15 sm:w-40" />
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold sm:text-3xl">
            {flow.canAddChild ? "Add your child" : "No child here yet"}
          </h2>
          {flow.canAddChild ? (
            <>
              <p className="mt-2 text-white/80">
                Three short steps: agree to how we look after the photos, tell us your child's name and age,
                and upload a few photos. Then their portrait model can be trained.
              </p>
              <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
                <Button asChild variant="accent" size="lg">
                  <Link to={start}>
                    Add your child <ArrowRight aria-hidden />
                  </Link>
                </Button>
                <span className="flex items-center gap-1.5 text-sm text-white/70">
                  <ShieldCheck className="size-4" aria-hidden /> Photos stay private to your family
                </span>
              </div>
            </>
          ) : (
            <p className="mt-2 text-white/80">
              An owner or admin of {flow.familyName} adds the children and their photos. Once they have, their
              portraits appear here for you too.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * /kids/choose-theme, still the placeholder of the studio capability, with the way in for a family
 * without a child (with one, the guard sends the parent on to the studio).
 */
export function ChooseThemePage() {
  const flow = useChildFlow();
  const noChild = !flow.isPending && !flow.children.isError && flow.children.data?.length === 0;
  return (
    <UpcomingPage title="Choose a theme" summary="Browse styles from astronaut to fairy to viking.">
      {noChild ? <AddFirstChild flow={flow} /> : null}
    </UpcomingPage>
  );
}

export { ChooseThemePage as Component };
