import multipart, { type MultipartFile } from "@fastify/multipart";
import {
  childIdSchema,
  deleteUploadedImagesEndpoint,
  getUploadedImagesEndpoint,
  keepPhotoEndpoint,
  PHOTO_FACE_AT_FIELD,
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
import { FaceChoiceNeeded, type FacePoint, parseFacePoint } from "../modules/photos/choose-child-face";
import { deletePhotos, keepPhoto, listPhotos } from "../modules/photos/manage-photos";
import { limitsForClient, type PhotoDeps } from "../modules/photos/photo-deps";
import {
  type CheckedPhoto,
  checkPhoto,
  isPhotoRefusal,
  storePhotos,
  uploadPhoto,
} from "../modules/photos/upload-photo";
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

/** One request adds photos to one child: a second, different `childId` field is refused. */
const oneChildOnly = () =>
  new AppError(400, "VALIDATION_FAILED", "Send one childId per upload.", [
    { path: "childId", message: "Expected one child's id for every file." },
  ]);

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
          // childId, and a few tapped faces (a re-sent photo usually travels alone).
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

      // A batch: the `childId` field first, then the files (each may follow a `faceAt` field: where
      // the parent tapped their child in it). Each file gets its own verdict, but
      // nothing is stored until the whole request has been read: a request refused as a whole (one
      // file too many, a cut-off body, a bad field) keeps none of its photos. Checked photos wait
      // in memory (normalised: at most 2048 px, a few hundred kB each), then are stored together.
      scope.post(uploadPhotosUpload.path, async (request) => {
        const { actor } = await resolveFamilyContext(deps, request, uploadPhotosUpload.family);
        requireMultipart(request);
        let childId: number | null = null;
        let tappedAt: FacePoint | null = null;
        const results: (UploadResult | null)[] = [];
        const checked: { slot: number; fileName: string; photo: CheckedPhoto }[] = [];
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.fieldname === "childId") {
              const named = parseChildId(part.value);
              if (childId !== null && named !== childId) throw oneChildOnly();
              childId = named;
            }
            if (part.fieldname === PHOTO_FACE_AT_FIELD) tappedAt = parseFacePoint(part.value);
            continue;
          }
          if (childId === null) childId = parseChildId(undefined);
          const fileName = part.filename || "photo";
          const tapped = tappedAt;
          tappedAt = null;
          const slot = results.push(null) - 1;
          try {
            const bytes = await readFile(part, maxBytes);
            const photo = await checkPhoto(photos, {
              userId: actor.userId,
              familyId: actor.membership.familyId,
              childId,
              bytes,
              fileName,
              batch: checked.map((item) => item.photo),
              tappedAt: tapped,
            });
            checked.push({ slot, fileName, photo });
          } catch (error) {
            // A refusal that concerns the whole request (no consent, no such child) ends it.
            if (!isPhotoRefusal(error)) throw error;
            await part.toBuffer().catch(() => undefined);
            results[slot] = {
              fileName,
              status: "rejected",
              code: error.code,
              message: error.message,
              ...(error instanceof FaceChoiceNeeded ? { faces: error.faces } : {}),
            };
          }
        }
        if (childId === null) childId = parseChildId(undefined);
        if (results.length === 0) throw new AppError(400, photoErrorCodes.noFile, photoMessage("noFile"));
        const outcomes = await storePhotos(
          photos,
          { userId: actor.userId, familyId: actor.membership.familyId, childId },
          checked.map((item) => item.photo),
        );
        for (const [index, outcome] of outcomes.entries()) {
          const item = checked[index];
          if (!item) continue;
          results[item.slot] =
            "photo" in outcome
              ? { fileName: item.fileName, status: "accepted", photo: outcome.photo }
              : {
                  fileName: item.fileName,
                  status: "rejected",
                  code: outcome.refusal.code,
                  message: outcome.refusal.message,
                };
        }
        return {
          results: results.filter((result): result is UploadResult => result !== null),
          photoCount: await countPhotos(deps.db, childId),
          limits: limitsForClient(photos.limits),
        };
      });

      scope.post(uploadSinglePhotoUpload.path, async (request) => {
        const { actor } = await resolveFamilyContext(deps, request, uploadSinglePhotoUpload.family);
        requireMultipart(request);
        let childId: number | null = null;
        let tappedAt: FacePoint | null = null;
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.fieldname === "childId") childId = parseChildId(part.value);
            if (part.fieldname === PHOTO_FACE_AT_FIELD) tappedAt = parseFacePoint(part.value);
            continue;
          }
          const forChild = childId ?? parseChildId(undefined);
          const photo = await uploadPhoto(photos, {
            userId: actor.userId,
            familyId: actor.membership.familyId,
            childId: forChild,
            bytes: await readFile(part, maxBytes),
            fileName: part.filename,
            tappedAt,
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
