import { and, eq } from "drizzle-orm";
import { member } from "../../db/schema";
import type { FamilyActor } from "../families/family-actor";
import type { FamilyDeps } from "../families/family-deps";
import { leaveFamily, removeFamilyMember } from "../families/manage-members";
import { deleteExportFiles, dropExportsOfMember } from "./drop-data-exports";

/**
 * A member who loses access to a family (removed, or leaving) must not keep a copy of it: their
 * exports made while they were in it go too, links and files (decision 0043). Here rather than in
 * families, which privacy depends on (see delete-family.ts).
 */
async function joinedAt(deps: FamilyDeps, familyId: string, memberId: string) {
  const [row] = await deps.db
    .select({ userId: member.userId, createdAt: member.createdAt })
    .from(member)
    .where(and(eq(member.id, memberId), eq(member.organizationId, familyId)));
  return row ?? null;
}

async function dropExportsOf(deps: FamilyDeps, who: { userId: string; createdAt: Date } | null) {
  if (!who) return;
  const dropped = await deps.db.transaction((tx) =>
    dropExportsOfMember(tx, deps.boss, { userId: who.userId, joinedAt: who.createdAt }),
  );
  await deleteExportFiles(deps, dropped);
}

/** /organization/member/remove, exports included. */
export async function removeMemberAccess(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { memberId: string },
): Promise<void> {
  const who = await joinedAt(deps, actor.membership.familyId, options.memberId);
  await removeFamilyMember(deps, actor, options);
  await dropExportsOf(deps, who);
}

/** /organization/leave, exports included. */
export async function leaveFamilyAccess(
  deps: FamilyDeps,
  actor: FamilyActor,
): Promise<{ nextFamilyId: string }> {
  const who = await joinedAt(deps, actor.membership.familyId, actor.membership.memberId);
  const left = await leaveFamily(deps, actor);
  await dropExportsOf(deps, who);
  return left;
}
