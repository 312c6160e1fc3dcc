import type { Child } from "@wonderkin/contract";
import { ArrowRight, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { paths } from "@/config/paths";
import { type ChildLimitReached, childrenCount } from "../lib/child-limit";
import { withChild } from "../lib/flow-links";

/** Where a parent changes (or first picks) a plan. */
const upgradePath = `${paths.selectPlan}?changePlan=1`;

function namesOf(children: readonly Child[]): string {
  const names = children.map((child) => child.firstName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * Shown instead of the add-child form when the family already has as many children as its plan
 * allows: the parent learns it before typing anything, and sees where to go instead.
 */
export function ChildLimitNotice({
  limit,
  familyChildren,
  familyName,
}: {
  limit: ChildLimitReached;
  familyChildren: readonly Child[];
  familyName: string;
}) {
  const first = familyChildren[0];
  const allowed = childrenCount(limit.childrenAllowed);
  return (
    <NoticeCard
      icon={Users}
      title={`Your plan allows ${allowed} per family`}
      action={
        <>
          {first ? (
            <Button asChild>
              <Link to={withChild(paths.addChildrenInProgress, first.id)}>
                Go on with {first.firstName} <ArrowRight aria-hidden />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="secondary">
            <Link to={upgradePath}>
              <Sparkles aria-hidden />
              {limit.upgradeTo ? `Upgrade to ${limit.upgradeTo.name}` : "Compare plans"}
            </Link>
          </Button>
        </>
      }
    >
      {namesOf(familyChildren)} {familyChildren.length === 1 ? "is" : "are"} already in {familyName}, so
      there's no room for another child on your plan.{" "}
      {limit.upgradeTo
        ? `${limit.upgradeTo.name} allows ${childrenCount(limit.upgradeTo.entitlements.childrenAllowed)} per family.`
        : "More children per family are coming soon."}
    </NoticeCard>
  );
}
