import { type FamilySummary, familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { member, organization, user } from "../../db/schema";
import { familyDeletedEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { eraseFamily } from "../privacy/erase-children";
import { ensureFamily } from "./ensure-family";
import type { FamilyActor } from "./family-actor";
import type { FamilyDeps } from "./family-deps";
import { normaliseFamilyPicture, saveFamilyPicture } from "./family-picture";
import { viaFamilyPlugin } from "./family-plugin-errors";
import { getFamilySummary } from "./list-families";

/** Renames the family and/or replaces (or removes, with null) its picture. */
export async function updateFamily(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { name?: string; picture?: string | null },
): Promise<FamilySummary> {
  const { familyId, role } = actor.membership;
  // Decode before changing anything, so a bad picture leaves the name as it was too.
  const picture =
    options.picture === undefined
      ? undefined
      : options.picture && (await normaliseFamilyPicture(options.picture));
  if (options.name !== undefined) {
    const name = options.name;
    await viaFamilyPlugin(() =>
      deps.auth.api.updateOrganization({
        body: { organizationId: familyId, data: { name } },
        headers: actor.headers,
      }),
    );
  }
  if (picture !== undefined) await saveFamilyPicture(deps.db, { familyId, picture: picture || null });
  return getFamilySummary(deps.db, {
    familyId,
    role,
    mediaSecret: deps.mediaSecret,
    mediaTtlSeconds: deps.mediaTtlSeconds,
  });
}

/**
 * Deletes the family and everything in it: members, invitations, picture, and every child with
 * their photos, portraits and models (at the provider too; see privacy/erase-children.ts). The owner
 * confirms with the family's name and gets a confirmation by e-mail. Members left without a family
 * get a fresh one; returns the actor's next family.
 */
export async function deleteFamily(
  deps: FamilyDeps,
  actor: FamilyActor,
  options: { confirmName: string },
): Promise<{ nextFamilyId: string }> {
  const { familyId } = actor.membership;
  const [family] = await deps.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, familyId));
  if (!family || options.confirmName.trim() !== family.name.trim()) {
    throw new AppError(400, familyErrorCodes.confirmationMismatch, familyMessages.confirmationMismatch);
  }
  const formerMembers = await deps.db
    .select({ userId: member.userId })
    .from(member)
    .where(eq(member.organizationId, familyId));
  const erased = await eraseFamily(deps, familyId);
  for (const { userId } of formerMembers) {
    if (userId !== actor.userId) await ensureFamily(deps.db, { userId });
  }
  const [owner] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, actor.userId));
  if (erased && owner) {
    await deps.mailer.send({
      to: owner.email,
      kind: "family-deleted",
      ...familyDeletedEmail({
        appName: deps.env.APP_NAME,
        firstName: owner.firstName,
        familyName: erased.name,
        childCount: erased.childCount,
      }),
    });
  }
  return { nextFamilyId: await ensureFamily(deps.db, { userId: actor.userId }) };
}
