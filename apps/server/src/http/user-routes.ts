import {
  acceptTermsEndpoint,
  changeEmailEndpoint,
  getUserEndpoint,
  removeProfilePictureEndpoint,
  updateUserEndpoint,
  uploadProfilePictureEndpoint,
  verificationStatusEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { isSignedPathValid } from "../lib/signed-url";
import type { IdentityDeps } from "../modules/auth/identity-deps";
import { acceptConsent } from "../modules/consent/parental-consent";
import { type MediaSigning, profilePicturePath } from "../modules/profile-picture/profile-picture-address";
import { readProfilePicture } from "../modules/profile-picture/read-profile-picture";
import { setProfilePicture } from "../modules/profile-picture/set-profile-picture";
import { findUserRow, getUserRecord } from "../modules/users/get-user-record";
import { requestEmailChange } from "../modules/users/request-email-change";
import { updateUserProfile } from "../modules/users/update-user-profile";
import type { Storage } from "../providers/storage/storage";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";
import { sendSignedPicture } from "./send-signed-picture";

/** A picture upload arrives as a data URL inside JSON: allow it past the default 1 MB. */
const PICTURE_BODY_LIMIT = 8 * 1024 * 1024;

/** Identity, plus what the parent's own picture needs: where it is stored and how its address is signed. */
export type UserRouteDeps = IdentityDeps & MediaSigning & { storage: Storage };

/** The signed-in parent's own record (spec §7 /user/*). */
export function userRoutes(deps: UserRouteDeps) {
  return async (app: FastifyInstance) => {
    const media: MediaSigning = { mediaSecret: deps.mediaSecret, mediaTtlSeconds: deps.mediaTtlSeconds };

    registerEndpoint(app, getUserEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return getUserRecord(deps.db, { userId, profile: request.body ?? undefined, media });
    });

    registerEndpoint(app, updateUserEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return updateUserProfile(deps.db, { userId, ...request.body, media });
    });

    // The parent's own picture (decision 0059): an upload, processed like the family picture.
    await app.register(async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.bodyLimit = PICTURE_BODY_LIMIT;
      });
      registerEndpoint(scope, uploadProfilePictureEndpoint, async (request) => {
        const { userId } = await requireIdentity(deps, request);
        await setProfilePicture(deps, { userId, picture: request.body.picture });
        return getUserRecord(deps.db, { userId, media });
      });
    });
    registerEndpoint(app, removeProfilePictureEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      await setProfilePicture(deps, { userId, picture: null });
      return getUserRecord(deps.db, { userId, media });
    });

    // <img> cannot send the bearer token: the signed address is the permission (see lib/signed-url).
    app.get<{ Params: { userId: string; file: string }; Querystring: Record<string, string> }>(
      "/api/user/picture/:userId/:file",
      async (request, reply) => {
        const { userId, file } = request.params;
        const version = file.replace(/\.webp$/, "");
        const picture = isSignedPathValid(
          deps.mediaSecret,
          profilePicturePath(userId, version),
          request.query,
        )
          ? await readProfilePicture(deps, { userId, version })
          : null;
        return sendSignedPicture(reply, request.query, picture);
      },
    );

    // Read from the database, not the session: the session is cached and may predate the click.
    registerEndpoint(app, verificationStatusEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return { emailVerified: (await findUserRow(deps.db, userId)).emailVerified };
    });

    // Spec §7 /user/accept-terms: what was accepted, when, from where (address and browser).
    registerEndpoint(app, acceptTermsEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      const userAgent = request.headers["user-agent"];
      return acceptConsent(deps.db, {
        userId,
        version: request.body.version,
        ipAddress: request.ip,
        userAgent: typeof userAgent === "string" ? userAgent : null,
      });
    });

    registerEndpoint(app, changeEmailEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      const { email } = await requestEmailChange(deps, { userId, ...request.body, ipAddress: request.ip });
      return { sent: true as const, email };
    });
  };
}
