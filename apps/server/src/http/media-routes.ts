import { commonErrorCodes, privacyErrorCodes, privacyMessages } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { isSignedPathValid, signedMediaCacheControl } from "../lib/signed-url";
import { portraitFileAt } from "../modules/studio/portrait-record";
import { MEDIA_ROUTE_PREFIX } from "../providers/storage/local-storage";
import { type Storage, safeDownloadName } from "../providers/storage/storage";
import { parseByteRange } from "./byte-range";

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  webp: "image/webp",
  png: "image/png",
  mp4: "video/mp4",
  zip: "application/zip",
  pdf: "application/pdf",
};

/**
 * Children's training photos (and their thumbnails) and data exports are not to stay in a
 * browser's cache at all; portraits may, for no longer than their address works.
 */
function mayBeStored(key: string): boolean {
  return !/\/(photos|thumbnails)\//.test(key) && !key.startsWith("exports/");
}

/** The file a signed address names at the size its query asks for, or a 400 for a size it has not. */
function fileAtSize(key: string, size: string | undefined): string {
  if (size === undefined) return key;
  const file = size === "thumbnail" || size === "full" ? portraitFileAt(key, size) : null;
  if (!file) {
    throw new AppError(
      400,
      commonErrorCodes.badRequest,
      'Only a portrait comes in sizes, and they are "thumbnail" and "full".',
    );
  }
  return file;
}

/**
 * Serves what a signed address names to whoever holds it (issued only after the family check):
 * local files from disk; with S3 only portraits' pictures, whose one address answers every size
 * (decision 0065) by sending the browser on to the bucket's presigned address of that size. Other
 * files on S3 are given presigned bucket addresses directly.
 */
export function mediaRoutes(options: { storage: Storage; secret: string }) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { "*": string }; Querystring: Record<string, string> }>(
      `${MEDIA_ROUTE_PREFIX}*`,
      async (request, reply) => {
        const signedKey = request.params["*"];
        const valid = isSignedPathValid(options.secret, `${MEDIA_ROUTE_PREFIX}${signedKey}`, request.query);
        const key = valid ? fileAtSize(signedKey, request.query.size) : signedKey;
        // The file name is not part of the signature: it only decides how the browser saves the file.
        const download = request.query.download;
        const downloadName = download && download === safeDownloadName(download) ? download : undefined;
        if (valid && options.storage.kind === "s3") {
          const bucketAddress = await options.storage.signedUrl(key, downloadName ? { downloadName } : {});
          return reply
            .header("cache-control", signedMediaCacheControl(request.query, { store: mayBeStored(key) }))
            .redirect(bucketAddress, 302);
        }
        const file =
          valid && options.storage.kind === "local" ? await options.storage.get(key).catch(() => null) : null;
        // A genuine export link whose file is gone: the export expired or a deletion reached it
        // (decision 0043). Said plainly, so the parent knows to ask for a new one.
        if (valid && !file && key.startsWith("exports/")) {
          throw new AppError(410, privacyErrorCodes.exportGone, privacyMessages.exportGone);
        }
        if (!file)
          throw new AppError(404, commonErrorCodes.notFound, "This address is unknown or has expired.");
        if (downloadName) reply.header("content-disposition", `attachment; filename="${downloadName}"`);
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
