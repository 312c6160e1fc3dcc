import { findPlanVariant, PRICE_CURRENCY, RETENTION_DISCOUNT, type Subscription } from "@wonderkin/contract";
import { ArrowLeftRight, CalendarClock, Sparkles, Undo2, XCircle } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { IconBadge } from "@/components/ui/icon-badge";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useCancelSubscription, useMarkDiscount } from "../api/manage-subscription";
import { cycleLabels } from "../lib/plan-pricing";
import {
  canOfferDiscount,
  discountWords,
  isRenewing,
  priceWords,
  statusLabels,
  subscriptionFacts,
} from "../lib/subscription-facts";
import { RetentionOfferDialog } from "./retention-offer-dialog";

export const changePlanPath = `${paths.selectPlan}?changePlan=1`;

/**
 * Cancelling: the retention offer first (recorded as shown), unless the discount was already taken,
 * in which case a plain confirmation. Accepting the offer keeps the plan; declining cancels it.
 */
function useCancelFlow(subscription: Subscription, userId: string) {
  const markShown = useMarkDiscount(userId);
  const accept = useMarkDiscount(userId);
  const cancel = useCancelSubscription(userId);
  const [dialog, setDialog] = useState<"offer" | "confirm" | null>(null);
  const until = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;

  const start = () => {
    accept.reset();
    cancel.reset();
    if (!canOfferDiscount(subscription)) {
      setDialog("confirm");
      return;
    }
    markShown.mutate("shown", { onSuccess: () => setDialog("offer") });
  };

  const acceptOffer = () =>
    accept.mutateAsync("accepted").then(
      () => {
        toast.success(`${subscription.planName} stays, with ${discountWords}.`);
        setDialog(null);
      },
      () => undefined, // Shown in the dialog.
    );

  const cancelPlan = () =>
    cancel.mutateAsync().then(
      () => {
        toast.success(
          until
            ? `Your plan is cancelled. It keeps working until ${until}.`
            : "Your plan is cancelled. It keeps working to the end of the period you paid for.",
        );
        setDialog(null);
      },
      () => undefined, // Shown in the dialog.
    );

  const failure = accept.error ?? cancel.error;
  return {
    start,
    starting: markShown.isPending,
    startError: markShown.error,
    dialog,
    close: () => setDialog(null),
    acceptOffer,
    cancelPlan,
    accepting: accept.isPending,
    cancelling: cancel.isPending,
    error: failure ? errorMessage(failure, "That didn't go through. Please try again.") : null,
  };
}

/** Undoes a cancellation before the plan ends (the server counts it as taking the offer). */
function ResumePlan({ subscription, userId }: { subscription: Subscription; userId: string }) {
  const resume = useMarkDiscount(userId);
  const withDiscount = canOfferDiscount(subscription);
  return (
    <div className="flex flex-col gap-2 sm:items-start">
      <Button
        variant="secondary"
        pending={resume.isPending}
        onClick={() =>
          resume.mutate("accepted", {
            onSuccess: () =>
              toast.success(
                withDiscount
                  ? `${subscription.planName} stays, with ${discountWords}.`
                  : `${subscription.planName} stays and renews as before.`,
              ),
          })
        }
      >
        {resume.isPending ? null : <Undo2 aria-hidden />}
        {withDiscount ? `Keep my plan, with ${RETENTION_DISCOUNT.percentOff}% off` : "Keep my plan"}
      </Button>
      {resume.isError ? (
        <Alert tone="danger">
          {errorMessage(resume.error, "We couldn't keep your plan. Please try again.")}
        </Alert>
      ) : null}
    </div>
  );
}

/** The parent's plan: what it is, where it stands, when it renews or ends, and what they can do. */
export function CurrentPlanCard({ subscription, userId }: { subscription: Subscription; userId: string }) {
  const flow = useCancelFlow(subscription, userId);
  const variant = findPlanVariant(subscription.planId)?.variant;
  const status = statusLabels[subscription.status];
  const facts = subscriptionFacts(subscription, {
    creditsPerGrant: variant?.creditsPerGrant,
    price: variant ? priceWords(variant, PRICE_CURRENCY) : undefined,
  });
  const cancelled = subscription.status === "cancelled";
  const until = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;

  return (
    <Card>
      <div className="flex items-start gap-4">
        <IconBadge icon={Sparkles} tone="accent" size="md" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-muted">Your plan</p>
          <CardTitle className="mt-0.5" data-testid="plan-name">
            {subscription.planName}
          </CardTitle>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="primary">{cycleLabels[subscription.billingCycle]}</Badge>
            <Badge tone={status.tone} data-testid="plan-status">
              {status.label}
            </Badge>
            {variant ? (
              <span className="text-sm text-muted">
                {variant.billingCycle === "one-time"
                  ? `${variant.creditsPerGrant} images`
                  : `${variant.creditsPerGrant} images a month`}
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <dl className="mt-6 grid gap-x-6 gap-y-4 rounded-2xl bg-canvas p-4 ring-1 ring-line sm:grid-cols-2 sm:p-5">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{fact.label}</dt>
            <dd className="mt-0.5 font-semibold text-ink">{fact.value}</dd>
          </div>
        ))}
      </dl>

      {cancelled ? (
        <Alert tone="warning" className="mt-5" data-testid="cancelled-notice">
          <p>
            <strong>Your plan is cancelled.</strong> You can keep using {subscription.planName}
            {until ? ` until ${until}` : " to the end of the period you paid for"}; after that it won't renew.
            The images you have stay yours.
          </p>
        </Alert>
      ) : null}

      {flow.startError ? (
        <Alert tone="danger" className="mt-5">
          {errorMessage(flow.startError, "We couldn't start the cancellation. Please try again.")}
        </Alert>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:flex-wrap sm:items-center">
        <Button asChild>
          <Link to={changePlanPath}>
            <ArrowLeftRight aria-hidden /> Change plan
          </Link>
        </Button>
        {cancelled ? (
          <ResumePlan subscription={subscription} userId={userId} />
        ) : isRenewing(subscription) && subscription.status === "active" ? (
          <Button variant="ghost" className="sm:ml-auto" pending={flow.starting} onClick={flow.start}>
            {flow.starting ? null : <XCircle aria-hidden />} Cancel plan
          </Button>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted sm:ml-auto">
            <CalendarClock className="size-4" aria-hidden /> One-time plan: nothing to cancel.
          </p>
        )}
      </div>

      <RetentionOfferDialog
        open={flow.dialog === "offer"}
        onOpenChange={(open) => (open ? undefined : flow.close())}
        subscription={subscription}
        onAccept={() => void flow.acceptOffer()}
        onCancelPlan={() => void flow.cancelPlan()}
        accepting={flow.accepting}
        cancelling={flow.cancelling}
        error={flow.error}
      />
      <Dialog
        open={flow.dialog === "confirm"}
        onOpenChange={(open) => (open || flow.cancelling ? undefined : flow.close())}
      >
        <DialogContent
          title={`Cancel ${subscription.planName}?`}
          description={
            until
              ? `It keeps working until ${until}, then it won't renew. The images you have stay yours.`
              : "It keeps working to the end of the period you paid for, then it won't renew."
          }
        >
          <div className="flex flex-col gap-5">
            {flow.error ? <Alert tone="danger">{flow.error}</Alert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="secondary" disabled={flow.cancelling}>
                  Keep my plan
                </Button>
              </DialogClose>
              <Button variant="danger" pending={flow.cancelling} onClick={() => void flow.cancelPlan()}>
                Cancel plan
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
