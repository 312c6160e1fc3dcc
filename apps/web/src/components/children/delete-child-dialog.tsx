import { privacyErrorCodes } from "@wonderkin/contract";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useDeleteChild } from "@/lib/children/delete-child";
import { sameConfirmation } from "@/lib/confirmation";
import { errorMessage } from "@/lib/error-message";

type DeleteChildDialogProps = {
  familyId: string;
  child: { id: number; firstName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the deletion, with the toast shown: e.g. leave a page that was about the child. */
  onDeleted?: () => void;
};

/**
 * Asks an owner to confirm deleting a child by typing the child's first name, and says plainly
 * what goes with them: the profile, the photos, the trained model (at the provider too), the
 * portraits.
 */
export function DeleteChildDialog({
  familyId,
  child,
  open,
  onOpenChange,
  onDeleted,
}: DeleteChildDialogProps) {
  const remove = useDeleteChild(familyId);
  const [typed, setTyped] = useState("");
  const name = child.firstName;
  const mismatch =
    remove.error instanceof ApiError && remove.error.code === privacyErrorCodes.confirmationMismatch;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          remove.reset();
          setTyped("");
        }
        onOpenChange(next);
      }}
      title={`Delete ${name}?`}
      description={`This cannot be undone. Everyone in the family loses ${name}'s portraits at once.`}
      confirmLabel={`Delete ${name} forever`}
      pending={remove.isPending}
      confirmDisabled={!sameConfirmation(typed, name)}
      error={
        remove.isError && !mismatch
          ? errorMessage(remove.error, `We couldn't delete ${name}. Please try again.`)
          : null
      }
      onConfirm={() =>
        // Awaited rather than a callback: the refreshed list of children unmounts this dialog.
        remove.mutateAsync({ childId: child.id, confirmName: typed }).then(
          () => {
            toast.success(`${name} and all of their photos and portraits are deleted.`);
            onOpenChange(false);
            setTyped("");
            onDeleted?.();
          },
          () => undefined, // Shown in the dialog from the mutation's state.
        )
      }
    >
      <div className="rounded-2xl bg-danger-50 p-4 text-sm text-danger-700">
        <p className="font-semibold">We delete, for good:</p>
        <ul className="mt-1.5 flex list-disc flex-col gap-0.5 pl-5">
          <li>{name}'s profile: first name, age and gender</li>
          <li>every photo of {name} you uploaded</li>
          <li>
            {name}'s trained portrait model, on our servers and at the image-model provider that trained it
          </li>
          <li>every portrait made of {name}, with their print files</li>
        </ul>
        <p className="mt-2">Credits already spent on {name}'s portraits are not given back.</p>
      </div>
      <Field
        label={`Type “${name}” to confirm`}
        error={mismatch && remove.error ? remove.error.message : undefined}
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (mismatch) remove.reset();
          }}
        />
      </Field>
    </ConfirmDialog>
  );
}
