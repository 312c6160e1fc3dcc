import { type FamilySummary, familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { AppError } from "../../lib/app-error";
import { screenUpload } from "../safety/screen-upload";
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
  if (picture) {
    await screenUpload(
      deps,
      { subject: "family_picture", bytes: picture.webp, familyId, childId: null, userId: actor.userId },
      () => new AppError(422, familyErrorCodes.pictureNotSuitable, familyMessages.pictureNotSuitable),
    );
  }
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
