import { addChildEndpoint, childLimitEndpoint, getChildrenEndpoint } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { addChild } from "../modules/children/add-child";
import { readChildLimit } from "../modules/children/children-allowed";
import { listChildren } from "../modules/children/list-children";
import type { FamilyDeps } from "../modules/families/family-deps";
import { registerFamilyEndpoint } from "./family-context";

/** Spec §7 /children/*: the children of the family in the `organization-id` header. */
export function childrenRoutes(deps: FamilyDeps) {
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(app, deps, getChildrenEndpoint, ({ actor }) =>
      listChildren(deps.db, { familyId: actor.membership.familyId, userId: actor.userId }),
    );
    registerFamilyEndpoint(app, deps, childLimitEndpoint, ({ actor }) =>
      readChildLimit(deps.db, { userId: actor.userId, familyId: actor.membership.familyId }),
    );
    registerFamilyEndpoint(app, deps, addChildEndpoint, ({ actor }, body) =>
      addChild(deps.db, { userId: actor.userId, familyId: actor.membership.familyId, ...body }),
    );
  };
}
