import {
  canManageRole,
  type FamilyRole,
  type FamilySummary,
  familyRoleLabels,
  type PendingInvitation,
} from "@wonderkin/contract";
import { Mail, RefreshCw, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useResendInvitation, useRevokeInvitation } from "../api/family-invitations";

function InvitationRow({
  family,
  invitation,
  role,
}: {
  family: FamilySummary;
  invitation: PendingInvitation;
  role: FamilyRole;
}) {
  const resend = useResendInvitation(family.id);
  const revoke = useRevokeInvitation(family.id);
  const [confirming, setConfirming] = useState(false);
  const manageable = canManageRole(role, invitation.role);

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
          <Mail className="size-[1.1rem]" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-ink">{invitation.email}</p>
          <p className="text-sm text-muted">
            {familyRoleLabels[invitation.role]} · invited by {invitation.invitedBy}
          </p>
          <p className="text-xs text-muted">Valid until {formatDate(invitation.expiresAt)}</p>
        </div>
      </div>
      {manageable ? (
        <div className="flex flex-wrap items-center gap-2 pl-13 sm:shrink-0 sm:pl-0">
          <Button
            variant="secondary"
            size="sm"
            pending={resend.isPending}
            onClick={() =>
              resend.mutate(
                { invitationId: invitation.id },
                { onSuccess: () => toast.success(`We sent the invitation to ${invitation.email} again.`) },
              )
            }
          >
            {resend.isPending ? null : <RefreshCw aria-hidden />} Resend
            <span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
          <Button variant="ghost-danger" size="sm" onClick={() => setConfirming(true)}>
            <X aria-hidden /> Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </div>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="text-sm font-medium text-danger-600 sm:basis-full">
          {errorMessage(resend.error, "We couldn't send it again. Please try again.")}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) revoke.reset();
          setConfirming(open);
        }}
        title="Revoke this invitation?"
        description={`The link we sent to ${invitation.email} stops working. You can invite them again at any time.`}
        confirmLabel="Revoke invitation"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, "We couldn't revoke it. Please try again.") : null}
        onConfirm={() =>
          revoke.mutate(
            { invitationId: invitation.id },
            {
              onSuccess: () => {
                toast.success(`The invitation to ${invitation.email} is revoked.`);
                setConfirming(false);
              },
            },
          )
        }
      />
    </li>
  );
}

/** Invitations sent from this family that nobody has answered yet (owners and admins see them). */
export function PendingInvitationsCard({
  family,
  invitations,
  role,
}: {
  family: FamilySummary;
  invitations: PendingInvitation[];
  role: FamilyRole;
}) {
  return (
    <Card>
      <CardTitle size="md">Waiting to join</CardTitle>
      <CardDescription>Invitations that haven't been answered yet.</CardDescription>
      <ul aria-label="Pending invitations" className="mt-6 flex flex-col divide-y divide-line">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} family={family} invitation={invitation} role={role} />
        ))}
      </ul>
    </Card>
  );
}
