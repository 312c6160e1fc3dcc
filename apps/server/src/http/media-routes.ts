import { commonErrorCodes, privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { isSignedPathValid, signedMediaCacheControl } from "../lib/signed-url";
import { LOCAL_MEDIA_PREFIX } from "../providers/storage/local-storage";
import { type Storage, safeDownloadName } from "../providers/storage/storage";
import { parseByteRange } from "./byte-range";

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  webp: "image/webp",
  png: "image/png",
  mp4: "video/mp4",
  zip: "application/zip",
};

/**
 * Children's training photos (and their thumbnails) and data exports are not to stay in a
 * browser's cache at all; portraits may, for no longer than their address works.
 */
function mayBeStored(key: string): boolean {
  return !/\/(photos|thumbnails)\//.test(key) && !key.startsWith("exports/");
}

/**
 * Serves local-storage files to whoever holds a valid signed address (issued only after the
 * family check). With S3 the browser goes to the bucket's presigned addresses instead.
 */
export function mediaRoutes(options: { storage: Storage; secret: string }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { "*": string }; Querystring: Record<string, string> }>(
      `${LOCAL_MEDIA_PREFIX}*`,
      async (request, reply) => {
        const key = request.params["*"];
        const valid = isSignedPathValid(options.secret, `${LOCAL_MEDIA_PREFIX}${key}`, request.query);
        const file = valid ? await options.storage.get(key).catch(() => null) : null;
        // A genuine export link whose file is gone: the export expired or a deletion reached it
        // (decision 0043). Said plainly, so the parent knows to ask for a new one.
        if (valid && !file && key.startsWith("exports/")) {
          throw new AppError(410, privacyErrorCodes.exportGone, privacyMessages.exportGone);
        }
        if (!file)
          throw new AppError(404, commonErrorCodes.notFound, "This address is unknown or has expired.");
        // The file name is not part of the signature: it only decides how the browser saves the file.
        const download = request.query.download;
        if (download && download === safeDownloadName(download)) {
          reply.header("content-disposition", `attachment; filename="${download}"`);
        }
        reply
          .type(contentTypes[key.split(".").pop() ?? ""] ?? "application/octet-stream")
          .header("cache-control", signedMediaCacheControl(request.query, { store: mayBeStored(key) }))
          .header("accept-ranges", "bytes");
        // A video player reads a clip in parts (Safari on iOS plays nothing from a server without).
        const range = parseByteRange(request.headers.range, file.length);
        if (range === "unsatisfiable") {
          reply.header("content-range", `bytes */${file.length}`);
          throw new AppError(
            416,
            commonErrorCodes.rangeNotSatisfiable,
            "The part of the file asked for is past its end.",
          );
        }
        if (!range) return reply.send(file);
        return reply
          .code(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${file.length}`)
          .send(file.subarray(range.start, range.end + 1));
      },
    );
  };
}
