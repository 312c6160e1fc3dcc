import type { GeneratedImage } from "@wonderkin/contract";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
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
 * delete it, print it (what it uses and what is left after, decision 0056), and the print upsell
 * when the plan has no prints (left), whose add-on checkout comes back to this portrait.
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
  const { dialog, setDialog, regenerate, remove, upsell, charge, print, addOnCheckout } = actions;
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

      <ConfirmDialog
        open={dialog === "print-confirm"}
        onOpenChange={(next) => setDialog(next ? "print-confirm" : null)}
        title="Print this portrait?"
        description="An A4 file at 300 dpi, ready for your printer or a print shop."
        confirmLabel="Make the print file"
        confirmVariant="primary"
        pending={print.isPending}
        error={
          print.error
            ? errorMessage(print.error, "We couldn't prepare the print file. Please try again.")
            : null
        }
        onConfirm={() => actions.startPrint(image)}
      >
        <dl
          className="flex flex-col gap-2 rounded-2xl bg-canvas p-4 text-sm ring-1 ring-line"
          data-testid="print-charge"
        >
          <div>
            <dt className="font-semibold text-ink">It uses</dt>
            <dd className="text-muted">
              {charge?.kind === "plan" || charge?.kind === "add-on" ? charge.cost : "1 ready-to-print file"}
            </dd>
          </div>
          {charge?.kind === "plan" || charge?.kind === "add-on" ? (
            <div>
              <dt className="font-semibold text-ink">Left after</dt>
              <dd className="text-muted">{charge.after}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm text-muted">Printing this portrait again later opens the same file, free.</p>
      </ConfirmDialog>

      <Dialog
        open={dialog === "print-upsell"}
        onOpenChange={(next) => setDialog(next ? "print-upsell" : null)}
      >
        <DialogContent title="Print-ready files" description={upsell.message}>
          {addOnCheckout.error ? (
            <Alert tone="danger" className="mb-4">
              {errorMessage(addOnCheckout.error, "We couldn't open the checkout. Please try again.")}
            </Alert>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Not now
            </Button>
            {upsell.offerAddOn ? (
              <Button
                variant="secondary"
                pending={addOnCheckout.pending}
                onClick={() => actions.buyAddOn("ready-to-print", image)}
              >
                Buy the Ready to print add-on
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
