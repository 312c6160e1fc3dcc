import { useQueryClient } from "@tanstack/react-query";
import {
  billingErrorCodes,
  type CheckoutSession,
  type EndpointResponse,
  type getCheckoutEndpoint,
  type Subscription,
} from "@wonderkin/contract";
import {
  CircleCheck,
  CircleX,
  Coins,
  ExternalLink,
  LockKeyhole,
  PackagePlus,
  SearchX,
  Sparkles,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { IconBadge } from "@/components/ui/icon-badge";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { NoticeCard } from "@/components/ui/notice-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { activeSubscriptionQueryKey, useActiveSubscription } from "@/entities/billing/billing-queries";
import { useSession } from "@/entities/session/get-session";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { toast } from "@/lib/toast";
import { checkoutQueryKey, useCancelCheckout, useCheckout, useCompleteCheckout } from "../api/checkout";
import { addOnPurchaseWords, addOnWords } from "../lib/add-on-words";
import { checkoutIntro } from "../lib/checkout-intro";
import { formatCredits, formatMoney } from "../lib/format-money";

type Order = EndpointResponse<typeof getCheckoutEndpoint>;

/** Where the parent chose what to buy: the plans (as a change, when they have one) or the packs. */
function choosingPath(order: Pick<CheckoutSession, "kind">, hasPlan: boolean): string {
  if (order.kind === "top-up") return paths.topUpCreditPlans;
  if (order.kind === "add-on") return paths.manageSubscription;
  return hasPlan ? `${paths.selectPlan}?changePlan=1` : paths.selectPlan;
}

function OrderSummary({ order, userId, hadPlan }: { order: Order; userId: string; hadPlan: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const complete = useCompleteCheckout(userId);
  const cancel = useCancelCheckout(userId);
  const price = formatMoney(order.amount, order.currency, { keepCents: true });
  const busy = complete.isPending || complete.isSuccess || cancel.isPending || cancel.isSuccess;

  // A plan bought while another is active is a change; settled before the payment changes the plan.
  const pay = (isChange = hadPlan) =>
    complete.mutateAsync(order.id).then(
      ({ redirectTo, totalCredits }) => {
        if (order.kind === "plan") {
          const plan = queryClient.getQueryData<Subscription | null>(activeSubscriptionQueryKey(userId));
          toast.success(
            `${plan?.planName ?? order.description} is active: ${order.credits} images are yours.`,
          );
          // A first plan goes on to the child; a plan change back to the subscription it changed.
          const next = isChange ? paths.manageSubscription : (safeReturnUrl(redirectTo) ?? paths.addChildren);
          void navigate(next, { replace: true });
        } else if (order.kind === "add-on") {
          toast.success(`${addOnWords(order.addOn)} added to your account.`);
          void navigate(safeReturnUrl(redirectTo) ?? `${paths.manageSubscription}?addOn=success`, {
            replace: true,
          });
        } else {
          toast.success(
            `${formatCredits(order.credits)} added. You now have ${formatCredits(totalCredits)}.`,
          );
          const next = safeReturnUrl(redirectTo) ?? `${paths.topUpCreditPlans}?success=true`;
          void navigate(next, { replace: true });
        }
      },
      (error: unknown) => {
        // Finished elsewhere (another tab): show the order as it now stands.
        if (error instanceof ApiError && error.code === billingErrorCodes.checkoutClosed) {
          void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(userId, order.id) });
        }
      },
    );

  const leave = () =>
    cancel.mutateAsync(order.id).then(
      ({ redirectTo }) => {
        toast.info("Checkout cancelled. Nothing was charged.");
        // An add-on goes back where the server says: the portrait it was bought from (decision 0056)
        // or the subscription page.
        const back = order.kind === "plan" && hadPlan ? choosingPath(order, true) : safeReturnUrl(redirectTo);
        void navigate(back ?? choosingPath(order, hadPlan), { replace: true });
      },
      () => undefined, // Shown below from the mutation's state.
    );

  const failure = complete.error ?? cancel.error;

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle size="md">Your order</CardTitle>
        <Badge tone="warning">Test checkout</Badge>
      </div>

      <div className="mt-5 flex items-start gap-4 rounded-2xl bg-canvas p-4 ring-1 ring-line">
        <IconBadge
          icon={order.kind === "plan" ? Sparkles : order.kind === "add-on" ? PackagePlus : Coins}
          tone="accent"
          size="md"
        />
        <div className="min-w-0">
          <p className="font-semibold text-ink" data-testid="checkout-item">
            {order.description}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            {order.kind === "plan"
              ? `${order.credits} images to create right away. Plans that renew can be cancelled any time.`
              : order.kind === "add-on"
                ? addOnPurchaseWords(order.addOn)
                : `${formatCredits(order.credits)} on top of your plan. They never expire.`}
          </p>
        </div>
      </div>

      <dl className="mt-5 flex flex-col divide-y divide-line">
        {order.addOn ? (
          <div className="flex items-baseline justify-between gap-4 py-3">
            <dt className="text-muted">
              {order.addOn.unit === "video" ? "Video clips" : "Ready-to-print files"}
            </dt>
            <dd className="font-semibold text-ink">+{order.addOn.units}</dd>
          </div>
        ) : (
          <div className="flex items-baseline justify-between gap-4 py-3">
            <dt className="text-muted">Credits</dt>
            <dd className="font-semibold text-ink">+{order.credits}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4 py-3">
          <dt className="font-semibold text-ink">Total today</dt>
          <dd className="font-display text-2xl font-semibold text-ink" data-testid="checkout-total">
            {price}
          </dd>
        </div>
      </dl>

      <Alert tone="warning" className="mt-4">
        <p>
          <strong>This is the built-in test checkout.</strong> No card is needed and no real payment is taken:
          Pay completes the order at once. Live payments go through the payment provider's own page.
        </p>
      </Alert>

      {failure ? (
        <Alert tone="danger" className="mt-4">
          {errorMessage(failure, "That didn't go through. Please try again.")}
        </Alert>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="ghost" pending={cancel.isPending} disabled={busy} onClick={() => void leave()}>
          Cancel
        </Button>
        <Button
          size="lg"
          pending={complete.isPending || complete.isSuccess}
          disabled={busy}
          onClick={() => void pay()}
        >
          {complete.isPending || complete.isSuccess ? null : <LockKeyhole aria-hidden />}
          {complete.isPending || complete.isSuccess ? "Paying…" : `Pay ${price}`}
        </Button>
      </div>
    </Card>
  );
}

/** An order that can no longer be paid here: already paid, cancelled, or paid at the provider. */
function ClosedOrder({ order, hadPlan }: { order: Order; hadPlan: boolean }) {
  if (order.status === "completed") {
    return (
      <NoticeCard
        icon={CircleCheck}
        tone="success"
        title="This order is already paid"
        action={
          <Button asChild>
            <Link to={order.kind === "top-up" ? paths.topUpCreditPlans : paths.manageSubscription}>
              {order.kind === "top-up" ? "See your credits" : "See your plan"}
            </Link>
          </Button>
        }
      >
        {order.description} is paid and{" "}
        {order.addOn?.unit === "child"
          ? "your family has room for one more child"
          : order.addOn
            ? `its ${addOnWords(order.addOn)} are yours`
            : `its ${formatCredits(order.credits)} are in your balance`}
        . There's nothing more to do here.
      </NoticeCard>
    );
  }
  if (order.status === "cancelled") {
    return (
      <NoticeCard
        icon={CircleX}
        title="This checkout was cancelled"
        action={
          <Button asChild>
            <Link to={choosingPath(order, hadPlan)}>
              {order.kind === "plan"
                ? "See the plans"
                : order.kind === "add-on"
                  ? "See the add-ons"
                  : "See the credit packs"}
            </Link>
          </Button>
        }
      >
        Nothing was charged for {order.description}. Start again whenever you like.
      </NoticeCard>
    );
  }
  return (
    <NoticeCard
      icon={ExternalLink}
      title="This order is paid on the payment page"
      action={
        <Button asChild variant="secondary">
          <Link to={choosingPath(order, hadPlan)}>Start again</Link>
        </Button>
      }
    >
      {order.description} goes through the payment provider's own page, not this one. If you left it before
      paying, start again.
    </NoticeCard>
  );
}

/**
 * /checkout/{sessionId}: the local payment provider's checkout. It shows the order, says plainly that
 * no real payment is taken, and completes or cancels it; the parent then goes where the server says.
 */
export function CheckoutPage() {
  const { sessionId = "" } = useParams();
  const session = useSession();
  const userId = session.data?.user.id;
  const checkout = useCheckout(userId, sessionId);
  const subscription = useActiveSubscription(userId);
  // Read when Pay is pressed: paying for a plan changes it.
  const hadPlan = subscription.data?.isActive === true;

  let body: ReactNode;
  if (checkout.data && userId) {
    body =
      checkout.data.status === "open" && checkout.data.provider === "local" ? (
        <OrderSummary order={checkout.data} userId={userId} hadPlan={hadPlan} />
      ) : (
        <ClosedOrder order={checkout.data} hadPlan={hadPlan} />
      );
  } else if (checkout.isError) {
    body =
      checkout.error instanceof ApiError && checkout.error.code === billingErrorCodes.checkoutNotFound ? (
        <NoticeCard
          icon={SearchX}
          title="We couldn't find this checkout"
          action={
            <>
              <Button asChild>
                <Link to={paths.selectPlan}>See the plans</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={paths.manageSubscription}>Your subscription</Link>
              </Button>
            </>
          }
        >
          The link may be mistyped, or the checkout belongs to another account. Nothing was charged.
        </NoticeCard>
      ) : (
        <LoadProblem
          error={checkout.error}
          fallback="We couldn't load your order."
          retrying={checkout.isFetching}
          onRetry={() => void checkout.refetch()}
        />
      );
  } else {
    body = <LoadingCard label="Loading your order" />;
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6">
      <PageHeader icon={LockKeyhole} title="Checkout" description={checkoutIntro(checkout.data)} />
      {body}
    </section>
  );
}

export { CheckoutPage as Component };
