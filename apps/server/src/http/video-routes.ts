import { createVideoEndpoint, videoStatusEndpoint } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import type { FamilyDeps } from "../modules/families/family-deps";
import type { StudioDeps } from "../modules/studio/studio-deps";
import { createPortraitVideo, portraitVideos } from "../modules/studio/video-print";
import { registerFamilyEndpoint } from "./family-context";

/** "Create video" (decision 0033): a clip of a portrait, and the page's poll of its progress. */
export function videoRoutes(deps: FamilyDeps & { studio: StudioDeps }) {
  const { studio } = deps;
  return async (app: FastifyInstance) => {
    registerFamilyEndpoint(app, deps, createVideoEndpoint, ({ actor }, body) =>
      createPortraitVideo(studio, {
        familyId: actor.membership.familyId,
        userId: actor.userId,
        imageId: body.imageId,
      }),
    );
    registerFamilyEndpoint(app, deps, videoStatusEndpoint, async ({ actor }, body) => ({
      videos: await portraitVideos(studio, { familyId: actor.membership.familyId, imageIds: body.imageIds }),
    }));
  };
}
