import multipart, { type MultipartFile } from "@fastify/multipart";
import {
  childIdSchema,
  deleteUploadedImagesEndpoint,
  getUploadedImagesEndpoint,
  keepPhotoEndpoint,
  photoErrorCodes,
  photoMessage,
  type UploadResult,
  uploadPhotosUpload,
  uploadSinglePhotoUpload,
} from "@wonderkin/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { countPhotos } from "../modules/children/child-record";
import type { FamilyDeps } from "../modules/families/family-deps";
import { deletePhotos, keepPhoto, listPhotos } from "../modules/photos/manage-photos";
import { limitsForClient, type PhotoDeps } from "../modules/photos/photo-deps";
import { uploadPhoto } from "../modules/photos/upload-photo";
import { registerFamilyEndpoint, resolveFamilyContext } from "./family-context";

/** A file part cut off at the size limit (the limit is one byte over the maximum). */
async function readFile(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated || bytes.length > maxBytes) {
    throw new AppError(
      413,
      photoErrorCodes.tooLarge,
      photoMessage("tooLarge", { maxMegabytes: Math.round(maxBytes / 1048576) }),
    );
  }
  return bytes;
}

function parseChildId(value: unknown): number {
  const parsed = childIdSchema.safeParse(Number(value));
  if (!parsed.success) {
    throw new AppError(
      400,
      "VALIDATION_FAILED",
      "Send the child's id (a positive whole number) before the files.",
      [{ path: "childId", message: "Expected a positive whole number." }],
    );
  }
  return parsed.data;
}

/**
 * @fastify/multipart's own limit errors ("reach files limit", 413 BAD_REQUEST) in the words and
 * codes of photos, so the upload page can tell the parent what to change.
 */
function photoLimitError(error: { code?: string }, limits: PhotoDeps["limits"]): AppError | null {
  const max = limits.max;
  switch (error.code) {
    case "FST_FILES_LIMIT":
      return new AppError(413, photoErrorCodes.tooManyFiles, photoMessage("tooManyFiles", { max }));
    case "FST_FIELDS_LIMIT":
      return new AppError(413, photoErrorCodes.tooManyFields, photoMessage("tooManyFields"));
    case "FST_PARTS_LIMIT":
      return new AppError(413, photoErrorCodes.tooManyParts, photoMessage("tooManyParts", { max }));
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError(
        413,
        photoErrorCodes.tooLarge,
        photoMessage("tooLarge", { maxMegabytes: Math.round(limits.maxBytes / 1048576) }),
      );
    case "FST_PROTO_VIOLATION":
      return new AppError(400, photoErrorCodes.badField, photoMessage("badField"));
    case "FST_MP_PREMATURE_CLOSE":
      return new AppError(400, photoErrorCodes.uploadInterrupted, photoMessage("uploadInterrupted"));
    default:
      return null;
  }
}

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the photos as multipart/form-data.");
  }
}

/** Spec §7 /image/*: a child's training photos. Multipart uploads resolve the family like every other call. */
export function photoRoutes(deps: FamilyDeps & { photos: PhotoDeps }) {
  return async (app: FastifyInstance) => {
    const { photos } = deps;
    const maxBytes = photos.limits.maxBytes;

    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: {
          fileSize: maxBytes + 1,
          files: photos.limits.max,
          fields: 5,
          fieldSize: 100,
          parts: photos.limits.max + 5,
        },
        throwFileSizeLimit: false,
      });
      // Thrown on, the mapped error reaches the app's error handler like any other.
      scope.setErrorHandler((error) => {
        throw photoLimitError(error as { code?: string }, photos.limits) ?? error;
      });

      // A batch: the `childId` field first, then the files. Each file gets its own verdict.
      scope.post(uploadPhotosUpload.path, async (request) => {
        const { actor } = await resolveFamilyContext(deps, request, uploadPhotosUpload.family);
        requireMultipart(request);
        let childId: number | null = null;
        const results: UploadResult[] = [];
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.fieldname === "childId") childId = parseChildId(part.value);
            continue;
          }
          if (childId === null) childId = parseChildId(undefined);
          const fileName = part.filename || "photo";
          try {
            const bytes = await readFile(part, maxBytes);
            const photo = await uploadPhoto(photos, {
              userId: actor.userId,
              familyId: actor.membership.familyId,
              childId,
              bytes,
              fileName,
            });
            results.push({ fileName, status: "accepted", photo });
          } catch (error) {
            // A refusal that concerns the whole request (no consent, no such child) ends it.
            if (!(error instanceof AppError) || !error.code.startsWith("PHOTO_")) throw error;
            await part.toBuffer().catch(() => undefined);
            results.push({ fileName, status: "rejected", code: error.code, message: error.message });
          }
        }
        if (childId === null) childId = parseChildId(undefined);
        if (results.length === 0) throw new AppError(400, photoErrorCodes.noFile, photoMessage("noFile"));
        return {
          results,
          photoCount: await countPhotos(deps.db, childId),
          limits: limitsForClient(photos.limits),
        };
      });

      scope.post(uploadSinglePhotoUpload.path, async (request) => {
        const { actor } = await resolveFamilyContext(deps, request, uploadSinglePhotoUpload.family);
        requireMultipart(request);
        let childId: number | null = null;
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.fieldname === "childId") childId = parseChildId(part.value);
            continue;
          }
          const forChild = childId ?? parseChildId(undefined);
          const photo = await uploadPhoto(photos, {
            userId: actor.userId,
            familyId: actor.membership.familyId,
            childId: forChild,
            bytes: await readFile(part, maxBytes),
            fileName: part.filename,
          });
          const photoCount = await countPhotos(deps.db, forChild);
          return { photo, photoCount, limits: limitsForClient(photos.limits) };
        }
        throw new AppError(400, photoErrorCodes.noFile, photoMessage("noFile"));
      });
    });

    registerFamilyEndpoint(app, deps, getUploadedImagesEndpoint, async ({ actor }, body) => ({
      photos: await listPhotos(photos, { familyId: actor.membership.familyId, childId: body.childId }),
      limits: limitsForClient(photos.limits),
    }));

    registerFamilyEndpoint(app, deps, deleteUploadedImagesEndpoint, ({ actor }, body) =>
      deletePhotos(photos, { familyId: actor.membership.familyId, ...body }),
    );

    registerFamilyEndpoint(app, deps, keepPhotoEndpoint, async ({ actor }, body) => ({
      photo: await keepPhoto(photos, { familyId: actor.membership.familyId, ...body }),
    }));
  };
}
