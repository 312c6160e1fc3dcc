import type { GeneratedImage } from "@wonderkin/contract";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { formatCredits } from "@/entities/billing/format-credits";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import type { RegenerateWords } from "../lib/regenerate-words";
import { portraitRequestError } from "../lib/request-error";
import type { ViewerActions } from "./use-viewer-actions";

const printPlanPath = `${paths.selectPlan}?changePlan=1`;

/**
 * The viewer's own dialogs over the portrait: make it again (with the balance and a way to top up),
 * delete it, and the print upsell when the plan has no prints (left).
 */
export function PortraitViewerDialogs({
  image,
  again,
  balance,
  short,
  actions,
  onClose,
  onRegenerated,
}: {
  image: GeneratedImage;
  again: RegenerateWords;
  balance: number | null;
  /** The balance does not cover a new portrait. */
  short: boolean;
  actions: ViewerActions;
  onClose: () => void;
  onRegenerated: () => void;
}) {
  const { dialog, setDialog, regenerate, remove, upsell } = actions;
  const preview = image.kind === "preview";
  return (
    <>
      <ConfirmDialog
        open={dialog === "regenerate"}
        onOpenChange={(next) => setDialog(next ? "regenerate" : null)}
        title={again.title}
        description={again.description}
        confirmLabel={again.confirm}
        confirmVariant="primary"
        confirmDisabled={short}
        pending={regenerate.isPending}
        error={portraitRequestError(regenerate.error, again.failed)}
        onConfirm={() =>
          regenerate.mutate(image.id, {
            onSuccess: () => {
              setDialog(null);
              onClose();
              toast.success(again.done);
              onRegenerated();
            },
          })
        }
      >
        <p className="text-sm text-muted" data-testid="regenerate-balance">
          {balance === null ? null : `You have ${formatCredits(balance)}.`}
          {short ? (
            <>
              {" "}
              <Link to={paths.topUpCreditPlans} className="font-semibold text-primary-700 underline">
                Top up credits
              </Link>{" "}
              to make more.
            </>
          ) : null}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(next) => setDialog(next ? "delete" : null)}
        title={preview ? "Delete this preview?" : "Delete this portrait?"}
        description={
          preview
            ? "It's removed for everyone in the family and can't be brought back."
            : "It's removed for everyone in the family and can't be brought back. Credits aren't returned."
        }
        confirmLabel={preview ? "Delete preview" : "Delete portrait"}
        pending={remove.isPending}
        error={
          remove.error
            ? errorMessage(remove.error, "We couldn't delete the portrait. Please try again.")
            : null
        }
        onConfirm={() =>
          remove.mutate(image.id, {
            onSuccess: () => {
              setDialog(null);
              toast.success(preview ? "Preview deleted." : "Portrait deleted.");
            },
          })
        }
      />

      <Dialog
        open={dialog === "print-upsell"}
        onOpenChange={(next) => setDialog(next ? "print-upsell" : null)}
      >
        <DialogContent title="Print-ready files" description={upsell.message}>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Not now
            </Button>
            {upsell.offerAddOn ? (
              <Button asChild variant="secondary">
                <Link to={paths.manageSubscription}>Ready to print add-on</Link>
              </Button>
            ) : null}
            {upsell.offerPlans ? (
              <Button asChild>
                <Link to={printPlanPath}>See the plans</Link>
              </Button>
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
