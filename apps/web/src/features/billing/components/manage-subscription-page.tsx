import { ChevronRight, Coins, CreditCard, ReceiptText, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { NoticeCard } from "@/components/ui/notice-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { useActiveSubscription, useCredits } from "@/entities/billing/billing-queries";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { formatCredits } from "../lib/format-money";
import { AddOnsCard } from "./add-ons-card";
import { BillingDetailsCard } from "./billing-details-card";
import { CurrentPlanCard } from "./current-plan-card";

function CreditsCard({ balance, hasPlan }: { balance: number | undefined; hasPlan: boolean }) {
  return (
    <Card tone="night" className="relative overflow-hidden text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_100%_0%,#5230cc88_0,transparent_60%)]"
      />
      <div className="relative">
        <p className="flex items-center gap-2 text-sm font-semibold text-white/80">
          <Coins className="size-4 text-accent-400" aria-hidden /> Credits
        </p>
        <p className="mt-2 font-display text-4xl font-semibold" data-testid="credit-balance">
          {balance === undefined ? "…" : formatCredits(balance)}
        </p>
        <p className="mt-1 text-sm text-white/75">One credit makes one portrait.</p>
        <div className="mt-5">
          {hasPlan ? (
            <Button asChild variant="accent" block>
              <Link to={paths.topUpCreditPlans}>Buy more credits</Link>
            </Button>
          ) : (
            <p className="text-sm text-white/75">Credit top-ups come with a plan.</p>
          )}
        </div>
      </div>
    </Card>
  );
}

function HistoryLinkCard() {
  return (
    <Card padding="none">
      <Link
        to={paths.subscriptionHistory}
        className="flex items-center gap-4 rounded-(--radius-card) p-5 transition-colors hover:bg-primary-50"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary-100 text-primary-700">
          <ReceiptText className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink">Billing history</span>
          <span className="block text-sm text-muted">Payments, receipts and credits</span>
        </span>
        <ChevronRight className="size-5 text-muted" aria-hidden />
      </Link>
    </Card>
  );
}

/**
 * /account/subscription/manage: the parent's plan and where it stands, their credits, cancelling
 * (with the retention offer), changing plan, billing details and the way to the history.
 */
export function ManageSubscriptionPage() {
  const session = useSession();
  const userId = session.data?.user.id;
  const [params] = useSearchParams();
  const user = useUser(userId);
  const subscription = useActiveSubscription(userId);
  const credits = useCredits(userId);
  const balance = credits.data ?? user.data?.totalCredits;
  const plan = subscription.data?.isActive ? subscription.data : null;

  let planCard: ReactNode;
  if (subscription.isSuccess && userId) {
    planCard = plan ? (
      <CurrentPlanCard subscription={plan} userId={userId} />
    ) : (
      <NoticeCard
        icon={Sparkles}
        tone="accent"
        title="You don't have a plan yet"
        action={
          <Button asChild>
            <Link to={paths.selectPlan}>Choose a plan</Link>
          </Button>
        }
      >
        A plan gives you images to create every month (or once, with Alchemist). Pick the one that suits your
        family; you can change or cancel it any time.
      </NoticeCard>
    );
  } else if (subscription.isError) {
    planCard = (
      <LoadProblem
        error={subscription.error}
        fallback="We couldn't load your plan."
        retrying={subscription.isFetching}
        onRetry={() => void subscription.refetch()}
      />
    );
  } else {
    planCard = <LoadingCard label="Loading your plan" />;
  }

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        icon={CreditCard}
        title="Your subscription"
        description="Your plan, your credits and the details on your invoices."
      />
      {balance !== undefined && balance <= 0 ? (
        <Alert tone="warning">
          <p>
            <strong>You've used all your credits.</strong>{" "}
            {plan
              ? "Buy a top-up, or move to a plan with more images a month, to keep creating portraits."
              : "Choose a plan to keep creating portraits."}
          </p>
          <Link
            to={plan ? paths.topUpCreditPlans : paths.selectPlan}
            className="mt-1 inline-block font-semibold underline underline-offset-4"
          >
            {plan ? "Buy more credits" : "Choose a plan"}
          </Link>
        </Alert>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="lg:col-start-1 lg:row-start-1">{planCard}</div>
        <aside
          aria-label="Credits and history"
          className="flex flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <CreditsCard balance={balance} hasPlan={plan !== null} />
          <HistoryLinkCard />
        </aside>
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-2">
          {userId ? <AddOnsCard userId={userId} justBought={params.get("addOn") === "success"} /> : null}
          {userId ? <BillingDetailsCard userId={userId} /> : null}
        </div>
      </div>
    </section>
  );
}

export { ManageSubscriptionPage as Component };
