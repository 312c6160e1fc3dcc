import { can, type FamilyRole, type FamilySummary } from "@wonderkin/contract";
import { LogOut, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TypedNameConfirmDialog } from "@/components/ui/typed-name-confirm-dialog";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useDeleteFamily, useLeaveFamily } from "../api/leave-family";

function LeaveFamily({ family, onlyFamily }: { family: FamilySummary; onlyFamily: boolean }) {
  const leave = useLeaveFamily(family.id);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <h3 className="font-sans font-semibold text-ink">Leave this family</h3>
        <p className="mt-0.5 text-sm text-muted">
          Step out of {family.name}. The family and its children stay as they are for everyone else.
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" onClick={() => setOpen(true)}>
        <LogOut aria-hidden /> Leave family
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) leave.reset();
          setOpen(next);
        }}
        title={`Leave ${family.name}?`}
        description={
          onlyFamily
            ? "You'll no longer see its children or their portraits, and you'll get a new, empty family of your own."
            : "You'll no longer see its children or their portraits. To come back, someone has to invite you again."
        }
        confirmLabel="Leave family"
        pending={leave.isPending}
        error={
          leave.isError
            ? errorMessage(leave.error, "We couldn't take you out of the family. Please try again.")
            : null
        }
        onConfirm={() =>
          // Awaited rather than a callback: the switch to the next family unmounts this dialog.
          leave.mutateAsync().then(
            () => {
              toast.success(`You left ${family.name}.`);
              setOpen(false);
            },
            () => undefined, // Shown in the dialog from the mutation's state.
          )
        }
      />
    </div>
  );
}

function DeleteFamily({ family }: { family: FamilySummary }) {
  const remove = useDeleteFamily(family.id);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <h3 className="font-sans font-semibold text-ink">Delete this family</h3>
        <p className="mt-0.5 text-sm text-muted">
          For everyone in it: its children, their photos and portraits are deleted for good.
        </p>
      </div>
      <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Delete family
      </Button>
      <TypedNameConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${family.name}?`}
        description="This cannot be undone. Everyone in the family loses access at once."
        confirmLabel="Delete family forever"
        name={family.name}
        // As the server compares it: spaces around do not matter, letter case does.
        matches={(typed, name) => typed.trim() === name.trim()}
        action={remove}
        error={
          remove.isError
            ? errorMessage(remove.error, "We couldn't delete the family. Please try again.")
            : null
        }
        onConfirm={(typed) =>
          remove.mutateAsync({ confirmName: typed }).then(() => toast.success(`${family.name} is deleted.`))
        }
      >
        <div className="rounded-2xl bg-danger-50 p-4 text-sm text-danger-700">
          <p className="font-semibold">We delete, for good:</p>
          <ul className="mt-1.5 list-disc pl-5">
            <li>every child's profile in the family</li>
            <li>all their photos and the portrait models trained on them</li>
            <li>every portrait made in the family</li>
          </ul>
          <p className="mt-2">
            Members keep their own accounts; anyone left without a family gets a new one.
          </p>
        </div>
      </TypedNameConfirmDialog>
    </div>
  );
}

/** Leaving (everyone) and deleting (owners): each asks first. */
export function FamilyDangerZone({
  family,
  role,
  familyCount,
}: {
  family: FamilySummary;
  role: FamilyRole;
  familyCount: number;
}) {
  const canDelete = can(role, { resource: "organization", action: "delete" });
  return (
    <Card className="ring-1 ring-danger-50">
      <CardTitle size="md">Leave or delete</CardTitle>
      <div className="mt-6 flex flex-col gap-6">
        <LeaveFamily family={family} onlyFamily={familyCount <= 1} />
        {canDelete ? (
          <div className="border-t border-line pt-6">
            <DeleteFamily family={family} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
