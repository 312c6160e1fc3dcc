import {
  canManageRole,
  familyErrorCodes,
  familyMessages,
  type InvitationPreview,
  isFamilyRole,
  type PendingInvitation,
} from "@wonderkin/contract";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invitation, organization, user } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { type FamilyActor, roleNotAllowed } from "./family-actor";
import type { FamilyDeps } from "./family-deps";
import { findMembership } from "./family-membership";
import { viaFamilyPlugin } from "./family-plugin-errors";
import { listPendingInvitations } from "./get-family-members";

const invitationNotFound = () =>
  new AppError(404, familyErrorCodes.invitationNotFound, familyMessages.invitationNotFound);

async function findPreviews(db: Database, where: SQL | undefined): Promise<InvitationPreview[]> {
  const rows = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      familyName: organization.name,
      inviterFirstName: user.firstName,
      inviterEmail: user.email,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(where)
    .orderBy(asc(invitation.createdAt));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    familyName: row.familyName,
    inviterName: row.inviterFirstName || row.inviterEmail,
    email: row.email,
    role: isFamilyRole(row.role) ? row.role : "member",
    status:
      row.status === "pending" && row.expiresAt < now
        ? "expired"
        : ((["pending", "accepted", "rejected", "canceled"] as const).find(
            (status) => status === row.status,
          ) ?? "canceled"),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** What the invitation link shows, to anyone holding it: the family's name, who invited, to which address. */
export async function getInvitationPreview(db: Database, options: { invitationId: string }) {
  const [preview] = await findPreviews(db, eq(invitation.id, options.invitationId));
  if (!preview) throw invitationNotFound();
  return preview;
}

/** Invitations waiting for a (verified) address, for the "you're invited" list. */
export async function listInvitationsFor(db: Database, options: { email: string }) {
  const previews = await findPreviews(
    db,
    and(eq(invitation.email, options.email.toLowerCase()), eq(invitation.status, "pending")),
  );
  return previews.filter((preview) => preview.status === "pending");
}

async function requirePendingInvitation(
  deps: FamilyDeps,
  actor: FamilyActor,
  invitationId: string,
): Promise<PendingInvitation> {
  const pending = await listPendingInvitations(deps.db, { familyId: actor.membership.familyId });
  const found = pending.find((row) => row.id === invitationId);
  if (!found) throw invitationNotFound();
  if (!canManageRole(actor.membership.role, found.role)) throw roleNotAllowed();
  return found;
}

/** Sends the invitation e-mail again and extends its validity. */
export async function resendInvitation(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { invitationId: string },
): Promise<PendingInvitation> {
  const found = await requirePendingInvitation(deps, actor, options.invitationId);
  await viaFamilyPlugin(() =>
    deps.auth.api.createInvitation({
      body: { email: found.email, role: found.role, organizationId: actor.membership.familyId, resend: true },
      headers: actor.headers,
    }),
  );
  return requirePendingInvitation(deps, actor, options.invitationId);
}

export async function revokeInvitation(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { invitationId: string },
): Promise<void> {
  await requirePendingInvitation(deps, actor, options.invitationId);
  await viaFamilyPlugin(() =>
    deps.auth.api.cancelInvitation({ body: { invitationId: options.invitationId }, headers: actor.headers }),
  );
}

/** Joins the family of an invitation sent to the signed-in parent's verified address. */
export async function acceptInvitation(
  deps: FamilyDeps,
  options: { userId: string; headers: Headers; invitationId: string },
): Promise<{ familyId: string }> {
  const [pending] = await deps.db
    .select({ familyId: invitation.organizationId })
    .from(invitation)
    .where(eq(invitation.id, options.invitationId));
  if (pending && (await findMembership(deps.db, { userId: options.userId, familyId: pending.familyId }))) {
    throw new AppError(409, familyErrorCodes.alreadyMember, familyMessages.alreadyMember);
  }
  const accepted = await viaFamilyPlugin(() =>
    deps.auth.api.acceptInvitation({
      body: { invitationId: options.invitationId },
      headers: options.headers,
    }),
  );
  if (!accepted?.member) throw invitationNotFound();
  return { familyId: accepted.member.organizationId };
}

export async function declineInvitation(
  deps: FamilyDeps,
  options: { headers: Headers; invitationId: string },
): Promise<void> {
  await viaFamilyPlugin(() =>
    deps.auth.api.rejectInvitation({
      body: { invitationId: options.invitationId },
      headers: options.headers,
    }),
  );
}
