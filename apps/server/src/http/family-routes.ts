import {
  acceptInvitationEndpoint,
  addMemberEndpoint,
  changeMemberRoleEndpoint,
  declineInvitationEndpoint,
  deleteFamilyEndpoint,
  familyErrorCodes,
  familyMessages,
  familySpendingEndpoint,
  getInvitationEndpoint,
  getMembersEndpoint,
  leaveFamilyEndpoint,
  listFamiliesEndpoint,
  myInvitationsEndpoint,
  removeMemberEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
  setFamilySpendingEndpoint,
  updateFamilyEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { isSignedPathValid } from "../lib/signed-url";
import type { FamilyDeps } from "../modules/families/family-deps";
import { familyPicturePath, readFamilyPicture } from "../modules/families/family-picture";
import { updateFamily } from "../modules/families/family-settings";
import { getFamilyMembers } from "../modules/families/get-family-members";
import {
  acceptInvitation,
  declineInvitation,
  getInvitationPreview,
  listInvitationsFor,
  resendInvitation,
  revokeInvitation,
} from "../modules/families/invitations";
import { getFamilySummary, listFamilies } from "../modules/families/list-families";
import { addFamilyMember, changeMemberRole } from "../modules/families/manage-members";
import { readFamilySpending } from "../modules/families/read-family-spending";
import { shareFamilyCredits } from "../modules/families/share-family-credits";
import { deleteFamily } from "../modules/privacy/delete-family";
import { leaveFamilyAccess, removeMemberAccess } from "../modules/privacy/remove-member-access";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";
import { registerFamilyEndpoint } from "./family-context";
import { fetchHeadersOf } from "./request-headers";
import { sendSignedPicture } from "./send-signed-picture";

/** A family picture upload arrives as a data URL inside JSON: allow it past the default 1 MB. */
const PICTURE_BODY_LIMIT = 8 * 1024 * 1024;

/** Spec §7 /organization/*: families, their members and invitations. */
export function familyRoutes(deps: FamilyDeps) {
  return async (app: FastifyInstance) => {
    const { db, mediaSecret, mediaTtlSeconds } = deps;

    // Needs no family header: it is how the web app learns which families there are.
    registerEndpoint(app, listFamiliesEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return { families: await listFamilies(db, { userId, mediaSecret, mediaTtlSeconds }) };
    });

    registerFamilyEndpoint(app, deps, getMembersEndpoint, async ({ actor }) => {
      const { familyId, role, memberId } = actor.membership;
      const family = await getFamilySummary(db, { familyId, role, mediaSecret, mediaTtlSeconds });
      return {
        family,
        you: { memberId, role },
        ...(await getFamilyMembers(db, { familyId, role, media: deps })),
      };
    });

    // Who pays when this parent creates here, and the owner's switch that shares the family's credits.
    registerFamilyEndpoint(app, deps, familySpendingEndpoint, ({ actor }) =>
      readFamilySpending(db, { familyId: actor.membership.familyId, userId: actor.userId }),
    );
    registerFamilyEndpoint(app, deps, setFamilySpendingEndpoint, ({ actor }, body) =>
      shareFamilyCredits(deps, actor, body),
    );

    await app.register(async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.bodyLimit = PICTURE_BODY_LIMIT;
      });
      registerFamilyEndpoint(scope, deps, updateFamilyEndpoint, ({ actor }, body) =>
        updateFamily(deps, actor, body),
      );
    });

    registerFamilyEndpoint(app, deps, addMemberEndpoint, ({ actor }, body) =>
      addFamilyMember(deps, actor, body),
    );
    registerFamilyEndpoint(app, deps, changeMemberRoleEndpoint, async ({ actor }, body) => ({
      member: await changeMemberRole(deps, actor, body),
    }));
    registerFamilyEndpoint(app, deps, removeMemberEndpoint, async ({ actor }, body) => {
      await removeMemberAccess(deps, actor, body);
      return { removed: true as const };
    });
    registerFamilyEndpoint(app, deps, deleteFamilyEndpoint, ({ actor }, body) =>
      deleteFamily(deps, actor, body),
    );
    registerFamilyEndpoint(app, deps, leaveFamilyEndpoint, ({ actor }) => leaveFamilyAccess(deps, actor));
    registerFamilyEndpoint(app, deps, resendInvitationEndpoint, async ({ actor }, body) => ({
      invitation: await resendInvitation(deps, actor, body),
    }));
    registerFamilyEndpoint(app, deps, revokeInvitationEndpoint, async ({ actor }, body) => {
      await revokeInvitation(deps, actor, body);
      return { revoked: true as const };
    });

    // The invited person is not a member yet: these act on their own address, not a family.
    registerEndpoint(app, getInvitationEndpoint, (request) => getInvitationPreview(db, request.body));
    registerEndpoint(app, myInvitationsEndpoint, async (request) => {
      const { email, emailVerified } = await requireIdentity(deps, request);
      if (!emailVerified)
        throw new AppError(403, familyErrorCodes.emailNotVerified, familyMessages.emailNotVerified);
      return { invitations: await listInvitationsFor(db, { email }) };
    });
    registerEndpoint(app, acceptInvitationEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return acceptInvitation(deps, { userId, headers: fetchHeadersOf(request), ...request.body });
    });
    registerEndpoint(app, declineInvitationEndpoint, async (request) => {
      await requireIdentity(deps, request);
      await declineInvitation(deps, { headers: fetchHeadersOf(request), ...request.body });
      return { declined: true as const };
    });

    // <img> cannot send the bearer token: the signed address is the permission (see lib/signed-url).
    app.get<{ Params: { familyId: string; file: string }; Querystring: Record<string, string> }>(
      "/api/organization/picture/:familyId/:file",
      async (request, reply) => {
        const { familyId, file } = request.params;
        const version = file.replace(/\.webp$/, "");
        const path = familyPicturePath(familyId, version);
        const picture = isSignedPathValid(mediaSecret, path, request.query)
          ? await readFamilyPicture(db, { familyId, version })
          : null;
        return sendSignedPicture(reply, request.query, picture);
      },
    );
  };
}
