import { categories, styles } from "@wonderkin/contract";
import { ArrowRight, Palette, ShieldCheck, Wand2 } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { useParentPlan } from "@/entities/billing/plan-entitlements";
import {
  catalogueView,
  categoriesEntitlement,
  EXCLUSIVE_PLAN_NAME,
  styleLockReason,
} from "@/entities/catalogue/catalogue";
import { CategoryTabs } from "@/entities/catalogue/category-tabs";
import { ExclusivePackNotice } from "@/entities/catalogue/exclusive-pack-notice";
import { StyleShowcase } from "@/entities/catalogue/style-showcase";
import { StyleTile } from "@/entities/catalogue/style-tile";
import { studioEntryPath } from "@/entities/studio/studio-intro";
import { consentPath } from "../lib/flow-links";
import { ChildPortraitIllustration } from "./tip-illustrations";
import { type ChildFlow, useChildFlow } from "./use-child-flow";

/** The way in: add the child the portraits will be of, or open the studio of the one there is. */
function StartCard({ flow }: { flow: ChildFlow }) {
  const child = flow.children.data?.[0] ?? null;
  const start = flow.consent === "current" ? paths.addChildren : consentPath(paths.addChildren);
  let title: string;
  let text: string;
  let action: ReactNode = null;
  if (child) {
    title = `${child.firstName}'s studio is waiting`;
    text = `Pick any style below in ${child.firstName}'s magic studio and make the first portraits.`;
    action = (
      <Button asChild variant="accent" size="lg">
        <Link to={studioEntryPath(child.id, child.studioIntroSeen)}>
          <Wand2 aria-hidden /> Open {child.firstName}'s studio
        </Link>
      </Button>
    );
  } else if (flow.canAddChild) {
    title = "Add your child";
    text =
      "Three short steps: agree to how we look after the photos, tell us your child's name and age, and upload a few photos. Then their portrait model can be trained.";
    action = (
      <Button asChild variant="accent" size="lg">
        <Link to={start}>
          Add your child <ArrowRight aria-hidden />
        </Link>
      </Button>
    );
  } else {
    title = "No child here yet";
    text = `An owner or admin of ${flow.familyName} adds the children and their photos. Once they have, their portraits appear here for you too.`;
  }
  return (
    <div className="relative overflow-hidden rounded-(--radius-card) bg-night-900 text-white shadow-(--shadow-lift)">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_15%_0%,#3b3070_0,transparent_60%),radial-gradient(circle_at_100%_100%,#5230cc66_0,transparent_55%)]"
      />
      <div className="relative flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:p-8">
        <ChildPortraitIllustration className="w-28 shrink-0 -rotate-3 shadow-2xl ring-4 ring-white/15 sm:w-36" />
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-semibold sm:text-3xl">{title}</h2>
          <p className="mt-2 max-w-xl text-white/80">{text}</p>
          {action ? (
            <div className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-3">
              {action}
              {child ? null : (
                <span className="flex items-center gap-1.5 text-sm text-white/70">
                  <ShieldCheck className="size-4" aria-hidden /> Photos stay private to your family
                </span>
              )}
            </div>
          ) : null}
        </div>
        <StyleShowcase largeScreensOnly className="shrink-0 pr-4" />
      </div>
    </div>
  );
}

/** The catalogue to browse: categories with their art, and the chosen one's styles. */
function Catalogue() {
  const { entitlements, plan } = useParentPlan();
  const entitlement = categoriesEntitlement(entitlements);
  const views = useMemo(() => catalogueView(entitlement), [entitlement]);
  const [categoryId, setCategoryId] = useState(views[0]?.category.id ?? "");
  const current = views.find((view) => view.category.id === categoryId) ?? views[0];
  if (!current) return null;
  return (
    <section aria-labelledby="catalogue-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="catalogue-title" className="text-2xl font-semibold text-ink">
            Browse the styles
          </h2>
          <p className="mt-1 text-muted">
            {styles.length} styles in {categories.length} categories, from dream jobs to fairy tales.
          </p>
        </div>
        {plan ? (
          <p className="text-sm font-semibold text-muted">
            Your plan: <span className="text-ink">{plan.name}</span>
          </p>
        ) : null}
      </div>
      <CategoryTabs views={views} selectedId={current.category.id} onSelect={setCategoryId} variant="cards" />
      {current.locked ? (
        <ExclusivePackNotice>
          {current.category.title} is one of the exclusive packs of the {EXCLUSIVE_PLAN_NAME} plan.
        </ExclusivePackNotice>
      ) : null}
      <ul
        aria-label={`Styles in ${current.category.title}`}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5"
      >
        {current.styles.map((style) => (
          <li key={style.id}>
            <StyleTile style={style} locked={styleLockReason(style.id, entitlement) !== null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /kids/choose-theme: the style catalogue, with the way in for a family without a child (with one,
 * the route guard sends the parent on to the studio, or to buy credits when none are left).
 */
export function ChooseThemePage() {
  const flow = useChildFlow();
  return (
    <section className="flex flex-col gap-8">
      <PageHeader
        icon={Palette}
        tone="accent"
        title="Choose a theme"
        description="Astronaut, fairy, viking or deep-sea diver: every style turns your child's photos into a portrait of their own."
      />
      {flow.isPending || flow.children.isError ? null : <StartCard flow={flow} />}
      <Catalogue />
    </section>
  );
}

export { ChooseThemePage as Component };
