import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { findStyleSample } from "../modules/catalogue/style-samples";

/** The samples change rarely and their listed URLs carry a version: a day in caches, then revalidate. */
const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/** GET /samples/<id>: the operator's sample image of a style or category (README "Sample previews"). */
export function styleSampleRoutes(options: { samplesDir: string }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string } }>("/samples/:id", async (request, reply) => {
      const sample = await findStyleSample(options.samplesDir, request.params.id);
      if (!sample) {
        throw new AppError(404, "SAMPLE_NOT_FOUND", "There is no sample image for this style.");
      }
      const etag = `"${sample.version}"`;
      reply
        .header("cache-control", CACHE_CONTROL)
        .header("etag", etag)
        .header("last-modified", new Date(sample.modifiedMs).toUTCString());
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply
        .type(sample.contentType)
        .header("content-length", sample.size)
        .send(createReadStream(sample.file));
    });
  };
}
