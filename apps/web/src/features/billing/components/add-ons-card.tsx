import type { AddOnsState, PlanAddOn } from "@wonderkin/contract";
import { Baby, BookHeart, Clapperboard, Printer } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { paths } from "@/config/paths";
import { useAddOns } from "@/entities/billing/add-ons-queries";
import { errorMessage } from "@/lib/error-message";
import { addOnWords } from "../lib/add-on-words";
import { formatMoney } from "../lib/format-money";
import { useStartCheckout } from "./use-start-checkout";

const icons = { video: Clapperboard, print: Printer, child: Baby, book: BookHeart } as const;

/** What is left of one add-on, in words ("3 video clips left"); an Extra child is room, never used up. */
function leftWords(addOn: PlanAddOn, state: AddOnsState): string {
  const left = state.balances[addOn.unit];
  if (addOn.unit === "child") {
    return left === 0 ? "None bought yet" : `${addOnWords({ unit: addOn.unit, units: left })} bought`;
  }
  return left === 0 ? "None left" : `${addOnWords({ unit: addOn.unit, units: left })} left`;
}

/** What buying an add-on sends; an Extra child comes back to adding the child (decision 0051). */
const itemOf = (addOn: PlanAddOn) =>
  addOn.unit === "child" ? { addOnId: addOn.id, returnTo: paths.addChildren } : { addOnId: addOn.id };

/**
 * The Magician add-ons on the subscription page (decision 0033): what each gives and costs, what is
 * left of the ones bought, and the way to buy more — for a Magician subscriber only; anyone else
 * sees why not and the way to the plans.
 */
export function AddOnsCard({ userId, justBought }: { userId: string; justBought: boolean }) {
  const addOns = useAddOns(userId);
  const checkout = useStartCheckout();

  if (addOns.isError) {
    return (
      <LoadProblem
        error={addOns.error}
        fallback="We couldn't load the add-ons."
        retrying={addOns.isFetching}
        onRetry={() => void addOns.refetch()}
      />
    );
  }
  if (!addOns.data) return <LoadingCard label="Loading the add-ons" />;
  const state = addOns.data;

  return (
    <Card aria-labelledby="add-ons-title">
      <CardTitle id="add-ons-title">Add-ons</CardTitle>
      <p className="mt-1 text-sm text-muted">
        Extras for your plan, paid once. Clips, print files and storybooks never expire.
      </p>
      {justBought ? (
        <Alert tone="success" className="mt-4">
          <p>
            <strong>Thank you! Your add-on is ready to use</strong> in the studio: open a portrait to print it
            or turn it into a video, or make a storybook.
          </p>
        </Alert>
      ) : null}
      {checkout.error ? (
        <Alert tone="danger" className="mt-4">
          {errorMessage(checkout.error, "We couldn't open the checkout. Please try again.")}
        </Alert>
      ) : null}
      <ul className="mt-5 flex flex-col gap-3" aria-label="Add-ons">
        {state.addOns.map((addOn) => {
          const Icon = icons[addOn.unit];
          return (
            <li
              key={addOn.id}
              className="flex flex-col gap-3 rounded-2xl bg-canvas p-4 ring-1 ring-line sm:flex-row sm:items-center"
              data-testid={`add-on-${addOn.id}`}
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
                <Icon className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">{addOn.value}</p>
                <p className="text-sm text-muted">
                  {addOn.grants} for {formatMoney(addOn.price, state.currency, { keepCents: true })}
                </p>
                <p
                  className="mt-0.5 text-sm font-semibold text-ink"
                  data-testid={`add-on-left-${addOn.unit}`}
                >
                  {leftWords(addOn, state)}
                </p>
              </div>
              {state.canBuy ? (
                <Button
                  variant="secondary"
                  pending={checkout.isStarting(itemOf(addOn))}
                  disabled={checkout.isPending}
                  onClick={() => checkout.start(itemOf(addOn))}
                >
                  {checkout.isStarting(itemOf(addOn)) ? "Opening checkout…" : `Buy ${addOn.value}`}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {state.canBuy ? null : (
        <p className="mt-4 text-sm text-muted">
          {state.reason}{" "}
          <Link to={`${paths.selectPlan}?changePlan=1`} className="font-semibold text-primary-700 underline">
            See the plans
          </Link>
        </p>
      )}
    </Card>
  );
}
