import type { Plan, PlanVariant, Subscription } from "@wonderkin/contract";
import { ArrowRight, Check, Clock, FlaskConical, Gem, type LucideIcon, WandSparkles } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatMoney } from "../lib/format-money";
import { cycleSuffix, monthlyEquivalent, yearlySavingPercent } from "../lib/plan-pricing";

const planIcons: Record<Plan["key"], LucideIcon> = {
  alchemist: FlaskConical,
  magician: WandSparkles,
  oracle: Gem,
};

/** The line under the price: how it is billed, and what yearly saves. */
function billingNote(plan: Plan, variant: PlanVariant, currency: string): string {
  if (variant.billingCycle === "one-time") return "Paid once. No subscription, nothing renews.";
  if (variant.billingCycle === "monthly") return "Billed monthly. Cancel any time.";
  const saving = yearlySavingPercent(plan);
  const perMonth = formatMoney(monthlyEquivalent(variant.price), currency, { keepCents: true });
  return saving
    ? `${perMonth} a month, billed yearly. Save ${saving}%.`
    : `${perMonth} a month, billed yearly.`;
}

/** One plan on the plans page: its price for the chosen cycle, what it gives, and the way to buy it. */
export function PlanCard({
  plan,
  variant,
  currency,
  current,
  onChoose,
  starting,
  disabled,
}: {
  plan: Plan;
  variant: PlanVariant;
  currency: string;
  /** The parent's plan, when they have one (their plan is marked, its exact variant not offered). */
  current: Subscription | null;
  onChoose: (variant: PlanVariant) => void;
  starting: boolean;
  disabled: boolean;
}) {
  const Icon = planIcons[plan.key];
  const titleId = `plan-${plan.key}`;
  const isCurrentPlan = current?.planName === plan.name;
  // The same plan and cycle is not sold again: a cancelled one is kept from the subscription page.
  const isCurrentVariant = current?.planId === variant.planId;
  const label = isCurrentVariant
    ? "Your current plan"
    : isCurrentPlan
      ? `Switch to ${variant.billingCycle}`
      : `Choose ${plan.name}`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex h-full flex-col rounded-(--radius-card) bg-surface p-6 sm:p-7",
        plan.isPopular ? "ring-2 ring-primary-500 shadow-(--shadow-lift)" : "shadow-(--shadow-card)",
      )}
    >
      {plan.isPopular ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-primary-600 px-3.5 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-white uppercase shadow-sm">
          Most popular
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <span
          className={cn(
            "grid size-11 shrink-0 place-items-center rounded-full [&_svg]:size-5",
            plan.isPopular ? "bg-primary-600 text-white" : "bg-primary-100 text-primary-700",
          )}
        >
          <Icon aria-hidden />
        </span>
        <h2 id={titleId} className="text-2xl font-semibold text-ink">
          {plan.name}
        </h2>
        {isCurrentPlan ? (
          <Badge tone="success" className="ml-auto">
            Your plan
          </Badge>
        ) : null}
      </div>
      <p className="mt-3 text-[0.95rem] leading-relaxed text-muted">{plan.description}</p>

      <div className="mt-5 border-t border-line pt-5">
        <p className="flex items-baseline gap-1.5">
          <span
            className="font-display text-4xl font-semibold tracking-tight text-ink"
            data-testid="plan-price"
          >
            {formatMoney(variant.price, currency)}
          </span>
          <span className="font-semibold text-muted">{cycleSuffix[variant.billingCycle]}</span>
        </p>
        <p className="mt-1 text-sm text-muted">{billingNote(plan, variant, currency)}</p>
      </div>

      <ul className="mt-5 flex flex-col gap-2.5" aria-label={`What ${plan.name} gives`}>
        {plan.features.map((feature) => (
          <li
            key={feature.value}
            className={cn("flex items-start gap-2.5 text-[0.95rem]", feature.comingSoon && "text-muted")}
          >
            {feature.comingSoon ? (
              <Clock className="mt-0.5 size-4.5 shrink-0 text-subtle" aria-hidden />
            ) : (
              <Check className="mt-0.5 size-4.5 shrink-0 text-success-600" aria-hidden />
            )}
            <span>
              {feature.value}
              {feature.comingSoon ? (
                <Badge tone="neutral" className="ml-2 align-middle">
                  Coming soon
                </Badge>
              ) : null}
            </span>
          </li>
        ))}
      </ul>

      {plan.addOns.length > 0 ? (
        <div className="mt-5 rounded-2xl bg-canvas p-4 ring-1 ring-line">
          <h3 className="font-sans text-xs font-bold tracking-wide text-muted uppercase">Optional add-ons</h3>
          <ul className="mt-2 flex flex-col gap-1.5" aria-label={`${plan.name} add-ons`}>
            {plan.addOns.map((addOn) => (
              <li key={addOn.value} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-ink">
                  {addOn.value} <span className="text-muted">· {addOn.grants}</span>
                </span>
                <span className="font-semibold text-ink">+{formatMoney(addOn.price, currency)}</span>
              </li>
            ))}
          </ul>
          {isCurrentPlan ? (
            <Link
              to={paths.manageSubscription}
              className="mt-3 inline-block text-sm font-semibold text-primary-700 underline underline-offset-4"
            >
              Buy add-ons
            </Link>
          ) : (
            <p className="mt-3 text-xs text-muted">
              Bought once, on top of the plan, from your subscription.
            </p>
          )}
        </div>
      ) : null}

      <div className="mt-auto pt-7">
        <Button
          block
          size="lg"
          variant={isCurrentVariant ? "secondary" : plan.isPopular ? "primary" : "secondary"}
          pending={starting}
          disabled={disabled || isCurrentVariant}
          onClick={() => onChoose(variant)}
        >
          {starting ? "Opening checkout…" : label}
          {starting || isCurrentVariant ? null : <ArrowRight aria-hidden />}
        </Button>
      </div>
    </article>
  );
}
