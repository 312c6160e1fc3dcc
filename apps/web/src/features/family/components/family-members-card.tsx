import {
  assignableRoles,
  can,
  canManageRole,
  type FamilyMember,
  type FamilyRole,
  type FamilySummary,
  familyRoleLabels,
} from "@wonderkin/contract";
import { Loader2, UserMinus } from "lucide-react";
import { useId, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { useChangeMemberRole, useRemoveMember } from "../api/manage-members";
import { displayName } from "../lib/display-name";

type MembersCardProps = {
  family: FamilySummary;
  members: FamilyMember[];
  you: { memberId: string; role: FamilyRole };
};

function MakeOwnerDialog({
  family,
  member,
  you,
  open,
  onOpenChange,
}: {
  family: FamilySummary;
  member: FamilyMember;
  you: MembersCardProps["you"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangeMemberRole(family.id);
  const stepDown = useChangeMemberRole(family.id);
  const [handOver, setHandOver] = useState(false);
  const checkboxId = useId();
  const name = displayName(member);

  // Awaited as one sequence: once you step down, this row loses its controls and the dialog
  // unmounts, so the closing toast cannot wait on callbacks of a mounted component.
  const confirm = async () => {
    try {
      await change.mutateAsync({ memberId: member.memberId, role: "owner" });
      if (handOver) await stepDown.mutateAsync({ memberId: you.memberId, role: "admin" });
    } catch {
      return; // Shown in the dialog from the mutations' state.
    }
    toast.success(
      handOver
        ? `${name} now owns ${family.name}. You're an admin.`
        : `${name} is now an owner of ${family.name}.`,
    );
    onOpenChange(false);
  };

  const failure = change.isError
    ? errorMessage(change.error, "We couldn't change the role. Please try again.")
    : stepDown.isError
      ? `${name} is now an owner, but we couldn't make you an admin: ${errorMessage(stepDown.error, "please try again.")}`
      : null;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          change.reset();
          stepDown.reset();
          setHandOver(false);
        }
        onOpenChange(next);
      }}
      title={`Make ${name} an owner?`}
      description={`Owners can do everything in ${family.name}: add and remove anyone (you included), name other owners and delete the family with its children, photos and portraits.`}
      confirmLabel="Make owner"
      confirmVariant="primary"
      pending={change.isPending || stepDown.isPending}
      error={failure}
      onConfirm={() => void confirm()}
    >
      <div className="flex items-start gap-3 rounded-2xl bg-canvas p-4 ring-1 ring-line">
        <input
          id={checkboxId}
          type="checkbox"
          checked={handOver}
          onChange={(event) => setHandOver(event.target.checked)}
          className="mt-1 size-4 shrink-0 accent-primary-600"
        />
        <label htmlFor={checkboxId} className="text-sm">
          <span className="font-semibold text-ink">Hand the family over</span>
          <span className="block text-muted">
            Become an admin once {name} is an owner. Otherwise you both stay owners.
          </span>
        </label>
      </div>
    </ConfirmDialog>
  );
}

function RemoveMemberDialog({
  family,
  member,
  open,
  onOpenChange,
}: {
  family: FamilySummary;
  member: FamilyMember;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveMember(family.id);
  const name = displayName(member);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) remove.reset();
        onOpenChange(next);
      }}
      title={`Remove ${name}?`}
      description={`${name} will no longer see ${family.name}'s children or their portraits. Portraits they made stay in the family. You can invite them again later.`}
      confirmLabel="Remove from family"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, "We couldn't remove them. Please try again.") : null}
      onConfirm={() =>
        remove.mutate(
          { memberId: member.memberId },
          {
            onSuccess: () => {
              toast.success(`${name} is no longer in ${family.name}.`);
              onOpenChange(false);
            },
          },
        )
      }
    />
  );
}

function MemberRow({
  family,
  member,
  you,
}: {
  family: FamilySummary;
  member: FamilyMember;
  you: MembersCardProps["you"];
}) {
  const isYou = member.memberId === you.memberId;
  const name = displayName(member);
  const roles = assignableRoles(you.role);
  // Your own role changes come from another owner; leaving is in the danger zone below.
  const canChangeRole = !isYou && canManageRole(you.role, member.role) && roles.length > 0;
  const canRemove =
    !isYou && canManageRole(you.role, member.role) && can(you.role, { resource: "member", action: "delete" });
  const change = useChangeMemberRole(family.id);
  const [dialog, setDialog] = useState<"remove" | "owner" | null>(null);
  const selectId = useId();

  const onRoleChange = (role: FamilyRole) => {
    change.reset();
    if (role === member.role) return;
    if (role === "owner") {
      setDialog("owner");
      return;
    }
    change.mutate(
      { memberId: member.memberId, role },
      { onSuccess: () => toast.success(`${name} is now ${role === "admin" ? "an admin" : "a member"}.`) },
    );
  };

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={name} src={member.avatarUrl} />
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-ink">
            {name}
            {isYou ? <span className="font-normal text-muted"> (you)</span> : null}
          </p>
          {name !== member.email ? <p className="text-sm wrap-anywhere text-muted">{member.email}</p> : null}
          <p className="text-xs text-muted">Joined {formatDate(member.joinedAt)}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 pl-13 sm:shrink-0 sm:pl-0">
        {canChangeRole ? (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Role of {name}
            </label>
            <Select
              id={selectId}
              size="sm"
              className="w-32"
              value={member.role}
              disabled={change.isPending}
              onChange={(event) => onRoleChange(event.target.value as FamilyRole)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {familyRoleLabels[role]}
                </option>
              ))}
            </Select>
            {change.isPending ? (
              <Loader2 className="size-4 animate-spin text-muted" aria-label="Saving the role" />
            ) : null}
          </div>
        ) : (
          <Badge tone={member.role === "member" ? "neutral" : "primary"}>
            {familyRoleLabels[member.role]}
          </Badge>
        )}
        {canRemove ? (
          <Button variant="ghost-danger" size="sm" onClick={() => setDialog("remove")}>
            <UserMinus aria-hidden /> Remove<span className="sr-only"> {name}</span>
          </Button>
        ) : null}
      </div>

      {change.isError ? (
        <p role="alert" className="text-sm font-medium text-danger-600 sm:basis-full">
          {errorMessage(change.error, "We couldn't change the role. Please try again.")}
        </p>
      ) : null}

      {canRemove ? (
        <RemoveMemberDialog
          family={family}
          member={member}
          open={dialog === "remove"}
          onOpenChange={(open) => setDialog(open ? "remove" : null)}
        />
      ) : null}
      {canChangeRole && roles.includes("owner") ? (
        <MakeOwnerDialog
          family={family}
          member={member}
          you={you}
          open={dialog === "owner"}
          onOpenChange={(open) => setDialog(open ? "owner" : null)}
        />
      ) : null}
    </li>
  );
}

/** Everyone in the family with their role; owners and admins change roles and remove people here. */
export function FamilyMembersCard({ family, members, you }: MembersCardProps) {
  const manages = can(you.role, { resource: "member", action: "update" });
  return (
    <Card>
      <CardTitle size="md">Members</CardTitle>
      <CardDescription>
        {manages
          ? "Everyone here sees the children and their portraits. Change what someone may do with their role."
          : "Everyone here sees the children and their portraits. Owners and admins manage who is in the family."}
      </CardDescription>
      <ul aria-label="Members" className="mt-6 flex flex-col divide-y divide-line">
        {members.map((member) => (
          <MemberRow key={member.memberId} family={family} member={member} you={you} />
        ))}
      </ul>
    </Card>
  );
}
