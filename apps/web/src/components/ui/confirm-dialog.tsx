import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button, type ButtonProps } from "./button";
import { Dialog, DialogClose, DialogContent } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Anything the decision needs beyond the description: a list of consequences, a field. */
  children?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonProps["variant"];
  onConfirm: () => void;
  pending?: boolean;
  /** Why the confirmation cannot be pressed yet (e.g. the typed name does not match). */
  confirmDisabled?: boolean;
  /** What went wrong the last time, shown above the buttons. */
  error?: string | null;
};

/**
 * Asks before doing something that cannot be taken back. While the action runs the dialog stays
 * open with a busy button; a failure is shown inside it, so the parent can try again or cancel.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = "danger",
  onConfirm,
  pending = false,
  confirmDisabled = false,
  error,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent title={title} {...(description ? { description } : {})}>
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmDisabled && !pending) onConfirm();
          }}
        >
          {children}
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant={confirmVariant} pending={pending} disabled={confirmDisabled}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
