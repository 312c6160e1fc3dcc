import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";
import { Field } from "./field";
import { Input } from "./input";

/** The state of the action the dialog confirms (a TanStack Query mutation fits as it is). */
type PendingAction = { isPending: boolean; reset: () => void };

type TypedNameConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The name the parent types to confirm: a child's first name, a family's name. */
  name: string;
  /** Whether what was typed confirms `name`, the way the server will compare them. */
  matches: (typed: string, name: string) => boolean;
  action: PendingAction;
  /** What went wrong the last time, for the whole dialog; a refused name goes to `fieldError`. */
  error: string | null;
  /** The server refused the typed name: shown under the field, cleared as the parent types. */
  fieldError?: string | null;
  /** Runs the action with what was typed; the dialog closes itself once it resolves. */
  onConfirm: (typed: string) => Promise<unknown>;
  /** What will be lost, shown above the field. */
  children: ReactNode;
};

/**
 * Asks before deleting something for good by having the parent type its name. The typed name and
 * the action's failure are forgotten whenever the dialog closes, so it always opens clean.
 */
export function TypedNameConfirmDialog({
  open,
  onOpenChange,
  name,
  matches,
  action,
  error,
  fieldError,
  onConfirm,
  children,
  ...text
}: TypedNameConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  const close = () => {
    action.reset();
    setTyped("");
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      {...text}
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      pending={action.isPending}
      confirmDisabled={!matches(typed, name)}
      error={error}
      onConfirm={() =>
        // Awaited rather than a callback: what happens next (a refreshed list, another family)
        // may unmount this dialog. A failure stays in the action's state and is shown above.
        onConfirm(typed).then(close, () => undefined)
      }
    >
      {children}
      <Field label={`Type “${name}” to confirm`} error={fieldError ?? undefined}>
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (fieldError) action.reset();
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}
