import { privacyErrorCodes } from "@wonderkin/contract";
import { TypedNameConfirmDialog } from "@/components/ui/typed-name-confirm-dialog";
import { useDeleteChild } from "@/entities/children/delete-child";
import { ApiError } from "@/lib/api-client";
import { sameConfirmation } from "@/lib/confirmation";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";

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
  const name = child.firstName;
  // The server's answer when the typed name does not match: shown at the field, not above.
  const refusedName =
    remove.error instanceof ApiError && remove.error.code === privacyErrorCodes.confirmationMismatch
      ? remove.error.message
      : null;

  return (
    <TypedNameConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${name}?`}
      description={`This cannot be undone. Everyone in the family loses ${name}'s portraits at once.`}
      confirmLabel={`Delete ${name} forever`}
      name={name}
      matches={sameConfirmation}
      action={remove}
      error={
        remove.isError && refusedName === null
          ? errorMessage(remove.error, `We couldn't delete ${name}. Please try again.`)
          : null
      }
      fieldError={refusedName}
      onConfirm={(typed) =>
        remove.mutateAsync({ childId: child.id, confirmName: typed }).then(() => {
          toast.success(`${name} and all of their photos and portraits are deleted.`);
          onDeleted?.();
        })
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
    </TypedNameConfirmDialog>
  );
}
