import {
  canManageRole,
  type FamilyMember,
  type FamilyRole,
  familyErrorCodes,
  familyMessages,
  type PendingInvitation,
} from "@wonderkin/contract";
import { AppError } from "../../lib/app-error";
import { ensureFamily } from "./ensure-family";
import { countOwners, type FamilyActor, lastOwner, roleNotAllowed } from "./family-actor";
import type { FamilyDeps } from "./family-deps";
import { viaFamilyPlugin } from "./family-plugin-errors";
import { findMember, listPendingInvitations } from "./get-family-members";

const memberNotFound = () =>
  new AppError(404, familyErrorCodes.memberNotFound, familyMessages.memberNotFound);

async function requireMember(deps: FamilyDeps, actor: FamilyActor, memberId: string): Promise<FamilyMember> {
  const target = await findMember(deps.db, { familyId: actor.membership.familyId, memberId, media: deps });
  if (!target) throw memberNotFound();
  return target;
}

/**
 * /organization/member/add: always an invitation e-mail, whose link signs the person up (or in)
 * and, once their address is verified and they accept, joins them. Nobody is put into a family
 * without saying yes, and the answer is the same whether the address has an account or not, so
 * adding a member cannot be used to learn who has one.
 */
export async function addFamilyMember(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { email: string; role: FamilyRole },
): Promise<{ outcome: "invited"; invitation: PendingInvitation }> {
  if (!canManageRole(actor.membership.role, options.role)) throw roleNotAllowed();
  const familyId = actor.membership.familyId;
  const email = options.email.toLowerCase();
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
