import {
  createPortraitSeriesEndpoint,
  deletePortraitSeriesEndpoint,
  portraitSeriesErrorCodes,
  portraitSeriesListEndpoint,
  portraitSeriesMessages,
  seriesPosterPath,
} from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { isSignedPathValid } from "../lib/signed-url";
import type { FamilyDeps } from "../modules/families/family-deps";
import {
  createPortraitSeries,
  deletePortraitSeries,
  type KeepsakeDeps,
  listPortraitSeries,
  makeSeriesPoster,
} from "../modules/keepsakes";
import { registerFamilyEndpoint } from "./family-context";

/**
 * Grow with me (decision 0068): a child's yearly series, made, listed and ended, and its poster,
 * through the signed address the list hands out (a plain link, which cannot carry the bearer token).
 */
export function seriesRoutes(deps: FamilyDeps & { studio: KeepsakeDeps }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { seriesId: string }; Querystring: Record<string, string> }>(
      "/api/series/:seriesId/poster.pdf",
      async (request, reply) => {
        const { seriesId } = request.params;
        if (!isSignedPathValid(deps.mediaSecret, seriesPosterPath(seriesId), request.query)) {
          throw new AppError(404, portraitSeriesErrorCodes.notFound, portraitSeriesMessages.notFound);
        }
        const { pdf, fileName } = await makeSeriesPoster(deps.studio, { seriesId });
        return (
          reply
            .type("application/pdf")
            .header("content-disposition", `attachment; filename="${fileName}"`)
            // The child's portraits: kept by nobody between the server and the parent.
            .header("cache-control", "private, no-store")
            .send(Buffer.from(pdf))
        );
      },
    );
    const actorOf = (actor: { membership: { familyId: string }; userId: string }) => ({
      familyId: actor.membership.familyId,
      userId: actor.userId,
    });
    registerFamilyEndpoint(app, deps, createPortraitSeriesEndpoint, ({ actor }, body) =>
      createPortraitSeries(deps, { ...actorOf(actor), request: body }),
    );
    registerFamilyEndpoint(app, deps, portraitSeriesListEndpoint, ({ actor }, body) =>
      listPortraitSeries(deps, { ...actorOf(actor), childId: body.childId }),
    );
    registerFamilyEndpoint(app, deps, deletePortraitSeriesEndpoint, ({ actor }, body) =>
      deletePortraitSeries(deps.db, { ...actorOf(actor), seriesId: body.seriesId }),
    );
  };
}
