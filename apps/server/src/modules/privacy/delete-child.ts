import { privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import { organization, user } from "../../db/schema";
import { childDeletedEmail } from "../../emails";
import { AppError } from "../../lib/app-error";
import { findFamilyChild } from "../children/child-record";
import { armouredReceipt, signDeletionReceipt } from "./deletion-receipt";
import { eraseChild } from "./erase-children";
import type { PrivacyDeps } from "./privacy-deps";

/** How a typed confirmation is compared with what it confirms: spaces around and case do not matter. */
export const sameConfirmation = (typed: string, expected: string) =>
  typed.normalize("NFC").trim().toLowerCase() === expected.normalize("NFC").trim().toLowerCase();

/**
 * Deletes one child of the acting family (owners only: the HTTP layer checks the role) and
 * everything of it, after the parent typed the child's first name; then confirms by e-mail.
 */
export async function deleteChild(
  deps: PrivacyDeps,
  options: { userId: string; familyId: string; childId: number; confirmName: string },
): Promise<{ deleted: true }> {
  const found = await findFamilyChild(deps.db, options);
  if (!sameConfirmation(options.confirmName, found.firstName)) {
    throw new AppError(
      400,
      privacyErrorCodes.confirmationMismatch,
      privacyMessages.childConfirmationMismatch,
      [{ path: "body.confirmName", message: privacyMessages.childConfirmationMismatch }],
    );
  }
  const [family] = await deps.db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, options.familyId));
  const tally = await eraseChild(deps, found);

  const [parent] = await deps.db
    .select({ email: user.email, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, options.userId));
  if (parent && tally) {
    const receipt = signDeletionReceipt(deps.secret, { subject: "child", tally });
    await deps.mailer.send({
      to: parent.email,
      kind: "child-deleted",
      ...childDeletedEmail({
        appName: deps.env.APP_NAME,
        firstName: parent.firstName,
        childName: found.firstName,
        familyName: family?.name ?? "your family",
        receipt: { ...receipt, armoured: armouredReceipt(receipt) },
      }),
    });
  }
  return { deleted: true };
}
