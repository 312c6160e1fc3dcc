import { RETENTION_DISCOUNT, type Subscription } from "@wonderkin/contract";
import { BadgePercent } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { formatDate } from "@/lib/format-date";

/**
 * Shown when a parent starts to cancel a renewing plan: stay with 30% off the next three renewals,
 * or cancel anyway. Either choice keeps the dialog open (busy) until the server has answered.
 */
export function RetentionOfferDialog({
  open,
  onOpenChange,
  subscription,
  onAccept,
  onCancelPlan,
  accepting,
  cancelling,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subscription: Subscription;
  onAccept: () => void;
  onCancelPlan: () => void;
  accepting: boolean;
  cancelling: boolean;
  error: string | null;
}) {
  const busy = accepting || cancelling;
  const until = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        title={`Before you go: ${RETENTION_DISCOUNT.percentOff}% off ${subscription.planName}`}
        description={`Stay and pay ${RETENTION_DISCOUNT.percentOff}% less for your next ${RETENTION_DISCOUNT.renewals} renewals. Same portraits, same everything.`}
      >
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-primary-600 to-night-700 p-5 text-white">
            <span className="grid size-14 shrink-0 place-items-center rounded-full bg-white/15">
              <BadgePercent className="size-7" aria-hidden />
            </span>
            <div>
              <p className="font-display text-3xl font-semibold">{RETENTION_DISCOUNT.percentOff}% off</p>
              <p className="text-sm text-white/85">
                your next {RETENTION_DISCOUNT.renewals} {subscription.billingCycle} renewals
                {until ? `, starting ${until}` : ""}
              </p>
            </div>
          </div>
          <p className="text-sm text-muted">
            If you cancel, {subscription.planName} keeps working
            {until ? ` until ${until}` : " to the end of the period you paid for"} and then stops renewing.
            The images you have stay yours.
          </p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" pending={cancelling} disabled={busy} onClick={onCancelPlan}>
              No thanks, cancel
            </Button>
            <Button pending={accepting} disabled={busy} onClick={onAccept}>
              Keep my plan with the discount
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
