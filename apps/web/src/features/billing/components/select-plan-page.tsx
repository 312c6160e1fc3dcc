import type { PlanVariant, Subscription } from "@wonderkin/contract";
import { ArrowLeft, ArrowRight, Loader2, ShieldCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadProblem } from "@/components/ui/load-problem";
import { PageHeader } from "@/components/ui/page-header";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { paths } from "@/config/paths";
import { useActiveSubscription } from "@/entities/billing/billing-queries";
import { useSession } from "@/entities/session/get-session";
import { errorMessage } from "@/lib/error-message";
import { usePlans } from "../api/get-plans";
import { bestYearlySaving, cycleLabels, type RecurringCycle, variantFor } from "../lib/plan-pricing";
import { PlanCard } from "./plan-card";
import { useStartCheckout } from "./use-start-checkout";

function PlansLoading() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the plans
      </span>
      {["one", "two", "three"].map((key) => (
        <div
          key={key}
          className="flex h-112 flex-col gap-4 rounded-(--radius-card) bg-surface p-7 shadow-(--shadow-card)"
        >
          <span className="h-8 w-1/2 animate-pulse rounded-full bg-primary-100" />
          <span className="h-4 w-5/6 animate-pulse rounded-full bg-primary-50" />
          <span className="mt-4 h-10 w-1/3 animate-pulse rounded-full bg-primary-100" />
          <span className="mt-4 h-4 w-2/3 animate-pulse rounded-full bg-primary-50" />
          <span className="h-4 w-3/5 animate-pulse rounded-full bg-primary-50" />
          <span className="mt-auto h-13 animate-pulse rounded-full bg-primary-50" />
        </div>
      ))}
    </div>
  );
}

/** `?success=true` on this page: back from paying for a plan (the guard lets it through). */
function PaidNotice({ subscription }: { subscription: Subscription | null | undefined }) {
  if (!subscription?.isActive) {
    return (
      <Alert tone="info">
        <p className="flex items-center gap-2">
          <Loader2 className="size-4 animate-spin" aria-hidden /> We're confirming your payment. This page
          updates by itself in a moment.
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      <p>
        <strong>{subscription.planName}</strong> is active. Everything is ready for your child's portraits.
      </p>
      <Link to={paths.addChildren} className="mt-1 inline-block font-semibold underline underline-offset-4">
        Add your child
      </Link>
    </Alert>
  );
}

/**
 * /kids/select-plan: the three plans side by side, monthly or yearly. With `?changePlan` it is a plan
 * change from the subscription page: the current plan is marked, and the new one replaces it.
 */
export function SelectPlanPage() {
  const [params] = useSearchParams();
  const changing = params.has("changePlan");
  const paid = params.has("success");
  const session = useSession();
  const subscription = useActiveSubscription(session.data?.user.id);
  const current = subscription.data?.isActive ? subscription.data : null;
  const plans = usePlans();
  const checkout = useStartCheckout();
  const [cycle, setCycle] = useState<RecurringCycle>(() =>
    current?.billingCycle === "yearly" ? "yearly" : "monthly",
  );
  const saving = plans.data ? bestYearlySaving(plans.data.plans) : null;

  const choose = (variant: PlanVariant) => checkout.start({ planId: variant.planId });

  return (
    <section className="flex flex-col gap-8">
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-5 text-center">
        <PageHeader
          className="items-center"
          icon={Sparkles}
          tone="accent"
          title={changing && current ? "Change your plan" : "Choose your plan"}
          description={
            changing && current
              ? `You're on ${current.planName} (${cycleLabels[current.billingCycle].toLowerCase()}). A new plan starts as soon as it's paid and replaces this one; every image you have stays yours.`
              : "Every plan turns your child's photos into portraits in dozens of magical styles. Pick how many you'd like."
          }
        />
        {changing ? (
          <Button asChild variant="link" padding="none">
            <Link to={paths.manageSubscription}>
              <ArrowLeft aria-hidden /> Back to your subscription
            </Link>
          </Button>
        ) : null}
        {paid ? (
          <div className="w-full text-left">
            <PaidNotice subscription={subscription.data} />
          </div>
        ) : null}
        <SegmentedControl
          legend="Billing"
          name="billingCycle"
          value={cycle}
          onChange={setCycle}
          options={[
            { value: "monthly", label: cycleLabels.monthly },
            {
              value: "yearly",
              label: cycleLabels.yearly,
              aside: saving ? (
                <span className="rounded-full bg-success-50 px-2 py-0.5 text-xs font-bold text-success-700">
                  Save {saving}%
                </span>
              ) : null,
            },
          ]}
        />
      </div>

      {checkout.error ? (
        <Alert tone="danger" className="mx-auto w-full max-w-3xl">
          {errorMessage(checkout.error, "We couldn't open the checkout. Please try again.")}
        </Alert>
      ) : null}

      {plans.data ? (
        <ul aria-label="Plans" className="grid items-stretch gap-8 lg:grid-cols-3 lg:gap-6">
          {plans.data.plans.map((plan) => {
            const variant = variantFor(plan, cycle);
            if (!variant) return null;
            return (
              <li key={plan.key}>
                <PlanCard
                  plan={plan}
                  variant={variant}
                  currency={plans.data.currency}
                  current={current}
                  onChoose={choose}
                  starting={checkout.isStarting({ planId: variant.planId })}
                  disabled={checkout.isPending}
                />
              </li>
            );
          })}
        </ul>
      ) : plans.isError ? (
        <LoadProblem
          className="mx-auto w-full max-w-3xl"
          error={plans.error}
          fallback="We couldn't load the plans."
          retrying={plans.isFetching}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <PlansLoading />
      )}

      <div className="mx-auto flex max-w-3xl flex-col items-center gap-2 text-center text-sm text-muted">
        <p className="flex items-center gap-2">
          <ShieldCheck className="size-4 shrink-0 text-success-600" aria-hidden />
          Cancel any time: a plan keeps working until the end of the period you paid for.
        </p>
        <p>
          One image costs one credit. Need more in a month?{" "}
          {current ? (
            <Link
              to={paths.topUpCreditPlans}
              className="font-semibold text-primary-700 underline-offset-4 hover:underline"
            >
              Top up credits <ArrowRight className="inline size-3.5" aria-hidden />
            </Link>
          ) : (
            "Top-ups are there once you have a plan."
          )}
        </p>
        {plans.data ? <p>Prices in {plans.data.currency}.</p> : null}
      </div>
    </section>
  );
}

export { SelectPlanPage as Component };
