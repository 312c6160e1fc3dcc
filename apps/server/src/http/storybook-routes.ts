import { createStorybookEndpoint, storybooksEndpoint } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { FamilyDeps } from "../modules/families/family-deps";
import { createStorybook, type KeepsakeDeps, listStorybooks } from "../modules/keepsakes";
import { registerFamilyEndpoint } from "./family-context";

/** Keepsakes (decision 0067): ordering a child's storybook, and the list the studio polls. */
export function storybookRoutes(deps: FamilyDeps & { studio: KeepsakeDeps }) {
  const { studio } = deps;
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(app, deps, createStorybookEndpoint, ({ actor }, body) =>
      createStorybook(studio, { familyId: actor.membership.familyId, userId: actor.userId, request: body }),
    );
    registerFamilyEndpoint(app, deps, storybooksEndpoint, ({ actor }, body) =>
      listStorybooks(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        childId: body.childId,
      }),
    );
  };
}
