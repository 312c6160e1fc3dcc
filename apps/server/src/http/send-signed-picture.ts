import { commonErrorCodes } from "@wonderkin/contract";
import type { FastifyReply } from "fastify";
import { AppError } from "../lib/app-error";
import { signedMediaCacheControl } from "../lib/signed-url";

/**
 * Answers a picture read through its signed address (a family's, a parent's profile picture): the
 * WebP bytes, cached as long as the signature lasts; or 404 when the signature was wrong or expired,
 * or the picture is no longer there (the same answer, so an address reveals nothing).
 */
export function sendSignedPicture(
  reply: FastifyReply,
  query: Record<string, string>,
  picture: Buffer | null,
): FastifyReply {
  if (!picture) {
    throw new AppError(404, commonErrorCodes.notFound, "This picture address is unknown or has expired.");
  }
  return reply
    .type("image/webp")
    .header("cache-control", signedMediaCacheControl(query, { store: true }))
    .header("content-disposition", "inline")
    .send(picture);
}
