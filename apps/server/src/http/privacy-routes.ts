import {
  dataExportStatusEndpoint,
  deleteAccountEndpoint,
  deleteChildEndpoint,
  requestDataExportEndpoint,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { FamilyDeps } from "../modules/families/family-deps";
import { latestDataExport, requestDataExport } from "../modules/privacy/data-export";
import { deleteAccount } from "../modules/privacy/delete-account";
import { deleteChild } from "../modules/privacy/delete-child";
import type { PrivacyDeps } from "../modules/privacy/privacy-deps";
import { requireIdentity } from "./authenticate";
import { registerEndpoint } from "./endpoint-route";
import { registerFamilyEndpoint } from "./family-context";

/** Children's privacy: deleting a child or one's account, and the parent's data export. */
export function privacyRoutes(deps: FamilyDeps & { privacy: PrivacyDeps }) {
  const { privacy } = deps;
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(app, deps, deleteChildEndpoint, ({ actor }, body) =>
      deleteChild(privacy, { userId: actor.userId, familyId: actor.membership.familyId, ...body }),
    );

    registerEndpoint(app, deleteAccountEndpoint, async (request) => {
      const identity = await requireIdentity(deps, request);
      return deleteAccount(privacy, {
        userId: identity.userId,
        sessionCreatedAt: identity.sessionCreatedAt,
        confirmEmail: request.body.confirmEmail,
        password: request.body.password,
        ipAddress: request.ip,
      });
    });

    registerEndpoint(app, requestDataExportEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return requestDataExport(privacy, { userId });
    });

    registerEndpoint(app, dataExportStatusEndpoint, async (request) => {
      const { userId } = await requireIdentity(deps, request);
      return latestDataExport(privacy, { userId });
    });
  };
}
