import { familyRoleLabels, type InvitationPreview } from "@wonderkin/contract";
import { Check, MailOpen, RefreshCw } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from "../api/invitations-for-me";

function InvitationForYou({ invitation }: { invitation: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const failure = accept.isError
    ? errorMessage(accept.error, "We couldn't add you to the family. Please try again.")
    : decline.isError
      ? errorMessage(decline.error, "We couldn't decline the invitation. Please try again.")
      : null;
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-primary-200 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="text-ink">
          <strong className="font-semibold">{invitation.inviterName}</strong> invited you to join{" "}
          <strong className="font-semibold wrap-anywhere">{invitation.familyName}</strong> as{" "}
          {familyRoleLabels[invitation.role].toLowerCase()}.
        </p>
        <p className="text-xs text-muted">Valid until {formatDate(invitation.expiresAt)}</p>
        {failure ? (
          <Alert tone="danger" className="mt-3">
            {failure}
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button
          size="sm"
          pending={accept.isPending}
          disabled={busy}
          onClick={() =>
            // Awaited rather than a callback: joining switches family, which may unmount this row.
            accept.mutateAsync(invitation.id).then(
              () => toast.success(`Welcome to ${invitation.familyName}!`),
              () => undefined, // Shown beside the invitation from the mutation's state.
            )
          }
        >
          {accept.isPending ? null : <Check aria-hidden />} Join
          <span className="sr-only"> {invitation.familyName}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          pending={decline.isPending}
          disabled={busy}
          onClick={() =>
            decline.mutateAsync(invitation.id).then(
              () => toast.success(`You declined the invitation to ${invitation.familyName}.`),
              () => undefined,
            )
          }
        >
          Decline<span className="sr-only"> the invitation to {invitation.familyName}</span>
        </Button>
      </div>
    </li>
  );
}

/** Invitations waiting for the signed-in parent (shown only when there are some). */
export function InvitationsForYouCard({ userId, emailVerified }: { userId: string; emailVerified: boolean }) {
  const invitations = useMyInvitations(userId, emailVerified);
  if (invitations.isError) {
    return (
      <Alert tone="danger">
        <p>{errorMessage(invitations.error, "We couldn't check for invitations to other families.")}</p>
        <Button
          variant="link"
          className="mt-1"
          pending={invitations.isFetching}
          onClick={() => void invitations.refetch()}
        >
          {invitations.isFetching ? null : <RefreshCw aria-hidden />} Try again
        </Button>
      </Alert>
    );
  }
  if (!invitations.data?.length) return null;
  return (
    <Card tone="tinted" className="ring-1 ring-primary-100">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-100 text-primary-700">
          <MailOpen className="size-5" aria-hidden />
        </span>
        <div>
          <CardTitle size="md">Invitations for you</CardTitle>
          <p className="mt-0.5 text-muted">Join a family to see its children and their portraits.</p>
        </div>
      </div>
      <ul className="mt-5 flex flex-col gap-3">
        {invitations.data.map((invitation) => (
          <InvitationForYou key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
