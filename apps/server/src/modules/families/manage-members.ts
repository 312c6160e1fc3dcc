import {
  canManageRole,
  type FamilyMember,
  type FamilyRole,
  familyErrorCodes,
  familyMessages,
  familyRoleLabels,
  type PendingInvitation,
} from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { organization, user } from "../../db/schema";
import { familyMemberAddedEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { ensureFamily } from "./ensure-family";
import { countOwners, type FamilyActor, lastOwner, roleNotAllowed } from "./family-actor";
import type { FamilyDeps } from "./family-deps";
import { viaFamilyPlugin } from "./family-plugin-errors";
import { findMember, listPendingInvitations } from "./get-family-members";

const memberNotFound = () =>
  new AppError(404, familyErrorCodes.memberNotFound, familyMessages.memberNotFound);

async function requireMember(deps: FamilyDeps, actor: FamilyActor, memberId: string): Promise<FamilyMember> {
  const target = await findMember(deps.db, { familyId: actor.membership.familyId, memberId });
  if (!target) throw memberNotFound();
  return target;
}

async function namesFor(deps: FamilyDeps, actor: FamilyActor) {
  const [inviter] = await deps.db
    .select({ firstName: user.firstName, email: user.email })
    .from(user)
    .where(eq(user.id, actor.userId));
  const [family] = await deps.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, actor.membership.familyId));
  return {
    inviterName: inviter?.firstName || inviter?.email || "A parent",
    familyName: family?.name ?? "a family",
  };
}

/**
 * /organization/member/add: a parent whose account has a verified address joins at once and is
 * told by e-mail; any other address gets an invitation whose link signs them up (or in) and, once
 * their address is verified, joins them.
 */
export async function addFamilyMember(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { email: string; role: FamilyRole },
): Promise<
  { outcome: "added"; member: FamilyMember } | { outcome: "invited"; invitation: PendingInvitation }
> {
  if (!canManageRole(actor.membership.role, options.role)) throw roleNotAllowed();
  const familyId = actor.membership.familyId;
  const email = options.email.toLowerCase();
  const [existing] = await deps.db
    .select({ id: user.id, firstName: user.firstName, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));

  // Only a confirmed address joins at once: anyone can sign up with someone else's address, and
  // the family's children must not be shown to them. Everyone else gets the invitation e-mail.
  if (!existing?.emailVerified) {
    const created = await viaFamilyPlugin(() =>
      deps.auth.api.createInvitation({
        body: { email, role: options.role, organizationId: familyId },
        headers: actor.headers,
      }),
    );
    const invitation = (await listPendingInvitations(deps.db, { familyId })).find(
      (row) => row.id === created.id,
    );
    if (!invitation) throw new Error("The invitation just created is not pending");
    return { outcome: "invited", invitation };
  }

  const added = await viaFamilyPlugin(() =>
    deps.auth.api.addMember({ body: { userId: existing.id, role: options.role, organizationId: familyId } }),
  );
  const member = await findMember(deps.db, { familyId, memberId: added.id });
  if (!member) throw new Error("The member just added is missing");
  const { inviterName, familyName } = await namesFor(deps, actor);
  const url = `${deps.env.publicUrl}/account/family?family=${encodeURIComponent(familyId)}`;
  await deps.mailer.send({
    to: email,
    kind: "family-member-added",
    link: url,
    ...familyMemberAddedEmail({
      appName: deps.env.APP_NAME,
      firstName: existing.firstName,
      inviterName,
      familyName,
      roleLabel: familyRoleLabels[options.role],
      url,
    }),
  });
  return { outcome: "added", member };
}

/**
 * Owners may give any role (making someone else owner is how ownership is handed over); admins
 * manage the roles below owner. The last owner cannot step down.
 */
export async function changeMemberRole(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { memberId: string; role: FamilyRole },
): Promise<FamilyMember> {
  const target = await requireMember(deps, actor, options.memberId);
  const { role: actorRole, familyId } = actor.membership;
  if (!canManageRole(actorRole, target.role) || !canManageRole(actorRole, options.role))
    throw roleNotAllowed();
  if (target.role === "owner" && options.role !== "owner" && (await countOwners(deps.db, familyId)) <= 1) {
    throw lastOwner();
  }
  if (target.role !== options.role) {
    await viaFamilyPlugin(() =>
      deps.auth.api.updateMemberRole({
        body: { memberId: target.memberId, role: options.role, organizationId: familyId },
        headers: actor.headers,
      }),
    );
  }
  return { ...target, role: options.role };
}

/** Removes someone else (leaving is /leave). A removed parent left without a family gets a new one. */
export async function removeFamilyMember(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { memberId: string },
): Promise<void> {
  const target = await requireMember(deps, actor, options.memberId);
  if (target.memberId === actor.membership.memberId) return leaveFamily(deps, actor).then(() => undefined);
  if (!canManageRole(actor.membership.role, target.role)) throw roleNotAllowed();
  await viaFamilyPlugin(() =>
    deps.auth.api.removeMember({
      body: { memberIdOrEmail: target.memberId, organizationId: actor.membership.familyId },
      headers: actor.headers,
    }),
  );
  await ensureFamily(deps.db, { userId: target.userId });
}

/** Leaves the family; the last owner must hand over or delete it instead. */
export async function leaveFamily(deps: FamilyDeps, actor: FamilyActor): Promise<{ nextFamilyId: string }> {
  const { familyId, role } = actor.membership;
  if (role === "owner" && (await countOwners(deps.db, familyId)) <= 1) throw lastOwner();
  await viaFamilyPlugin(() =>
    deps.auth.api.leaveOrganization({ body: { organizationId: familyId }, headers: actor.headers }),
  );
  return { nextFamilyId: await ensureFamily(deps.db, { userId: actor.userId }) };
}
