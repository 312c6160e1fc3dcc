import { type Child, PRICE_CURRENCY } from "@wonderkin/contract";
import { ArrowRight, Baby, Sparkles, Users } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { paths } from "@/config/paths";
import { formatMoney } from "@/entities/billing/format-money";
import { useBuyAddOn } from "@/entities/billing/use-buy-add-on";
import { errorMessage } from "@/lib/error-message";
import { type ChildLimitReached, childrenCount } from "../lib/child-limit";
import { withChild } from "../lib/flow-links";

/** Where a parent changes (or first picks) a plan. */
const upgradePath = `${paths.selectPlan}?changePlan=1`;

function namesOf(children: readonly Child[]): string {
  const names = children.map((child) => child.firstName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The way to more children: the Extra child, or what plan makes room for one, in a sentence. */
function wayToMore(limit: ChildLimitReached): string {
  if (limit.extraChild) {
    const price = formatMoney(limit.extraChild.price, PRICE_CURRENCY, { keepCents: true });
    return `An Extra child makes room for one more, for ${price} once.`;
  }
  if (!limit.upgradeTo) return "";
  if (limit.upgradeTo.entitlements.childrenAllowed > limit.childrenAllowed) {
    return `${limit.upgradeTo.name} allows ${childrenCount(limit.upgradeTo.entitlements.childrenAllowed)} per family.`;
  }
  return `On ${limit.upgradeTo.name} you can buy an Extra child to make room for one more.`;
}

/**
 * Shown instead of the add-child form when the family already has as many children as its plan
 * allows: the parent learns it before typing anything, and sees the way to more — buying an Extra
 * child where their plan sells it, else the plan that does (decision 0051).
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
  const checkout = useBuyAddOn();
  // The checkout comes back here, paid or not (decision 0051).
  const buy = () => checkout.buy({ addOnId: "extra-child", returnTo: paths.addChildren });
  return (
    <NoticeCard
      icon={Users}
      title={`Your plan allows ${allowed} per family`}
      action={
        <>
          {limit.extraChild ? (
            <Button pending={checkout.pending} onClick={buy}>
              {checkout.pending ? "Opening checkout…" : "Buy an Extra child"}
              {checkout.pending ? null : <Baby aria-hidden />}
            </Button>
          ) : null}
          {first ? (
            <Button asChild variant={limit.extraChild ? "secondary" : "primary"}>
              <Link to={withChild(paths.addChildrenInProgress, first.id)}>
                Go on with {first.firstName} <ArrowRight aria-hidden />
              </Link>
            </Button>
          ) : null}
          {limit.extraChild ? null : (
            <Button asChild variant="secondary">
              <Link to={upgradePath}>
                <Sparkles aria-hidden />
                {limit.upgradeTo ? `Move to ${limit.upgradeTo.name}` : "Compare plans"}
              </Link>
            </Button>
          )}
          {checkout.error ? (
            <Alert tone="danger" className="w-full">
              {errorMessage(checkout.error, "We couldn't open the checkout. Please try again.")}
            </Alert>
          ) : null}
        </>
      }
    >
      {namesOf(familyChildren)} {familyChildren.length === 1 ? "is" : "are"} already in {familyName}, so
      there's no room for another child on your plan. {wayToMore(limit)}
    </NoticeCard>
  );
}
