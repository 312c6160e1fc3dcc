import { HandCoins } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";

/**
 * In place of the Create panel for a parent who may look but has nothing to pay with here (decision
 * 0050): the family's plan is its owner's, who has not shared its credits, or nobody has a plan.
 * Looking stays free: the gallery and viewer below are theirs to enjoy either way.
 */
export function FamilySpendingNotice({
  blocked,
  familyName,
  className,
}: {
  blocked: "ask-owner" | "plan-required";
  familyName: string;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="family-spending-title"
      className={cn(
        "rounded-(--radius-card) bg-surface p-4 shadow-(--shadow-lift) ring-1 ring-line sm:p-5",
        className,
      )}
      data-testid="family-spending-notice"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-600 ring-1 ring-line">
          <HandCoins className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2
            id="family-spending-title"
            className="font-display text-base leading-tight font-semibold text-ink"
          >
            Want to create portraits too?
          </h2>
          <p className="mt-1 text-sm text-muted">
            {blocked === "ask-owner"
              ? `${familyName}'s plan belongs to its owner. Ask them to share the family's credits on the family page, or choose a plan of your own.`
              : "Choose a plan to create portraits."}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={paths.selectPlan}>Choose a plan</Link>
        </Button>
        {blocked === "ask-owner" ? (
          <Button asChild size="sm" variant="secondary">
            <Link to={paths.familySettings}>See the family</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
