import { familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { member, organization, user } from "../../db/schema";
import { familyDeletedEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { ensureFamily } from "../families/ensure-family";
import type { FamilyActor } from "../families/family-actor";
import type { FamilyDeps } from "../families/family-deps";
import { armouredReceipt, signDeletionReceipt } from "./deletion-receipt";
import { eraseFamily } from "./erase-children";

/**
 * Deletes the family and everything in it: members, invitations, picture, and every child with
 * their photos, portraits and models (at the provider too; see erase-children.ts). The owner
 * confirms with the family's name and gets a confirmation by e-mail. Members left without a family
 * get a fresh one; returns the actor's next family. It lives with the other deletions in privacy, so
 * the families module does not depend on privacy (which depends on it).
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
    // The media secret is the server's auth secret (app.ts), which receipts' key is derived from.
    const receipt = signDeletionReceipt(deps.mediaSecret, { subject: "family", tally: erased.tally });
    await deps.mailer.send({
      to: owner.email,
      kind: "family-deleted",
      ...familyDeletedEmail({
        appName: deps.env.APP_NAME,
        firstName: owner.firstName,
        familyName: erased.name,
        childCount: erased.childCount,
        receipt: { ...receipt, armoured: armouredReceipt(receipt) },
      }),
    });
  }
  return { nextFamilyId: await ensureFamily(deps.db, { userId: actor.userId }) };
}
