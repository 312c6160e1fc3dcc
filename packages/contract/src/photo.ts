import { z } from "zod";
import { childIdSchema } from "./child";
import { defineEndpoint, type FamilyScope } from "./endpoint";

export const PHOTO_MIN_SHORT_SIDE = 512;
/**
 * The most clear faces a photo may show: beyond this many people each face is too small in the
 * face check's copy to tell the child from the others reliably.
 */
export const PHOTO_MAX_FACES = 8;
/**
 * The multipart field, sent before a file, that says which face in it is the child: the point the
 * parent tapped, as "x,y" fractions (0–1) of the photo as it is shown (upright).
 */
export const PHOTO_FACE_AT_FIELD = "faceAt";
export const photoAcceptedTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;

export const photoErrorCodes = {
  unsupportedType: "PHOTO_UNSUPPORTED_TYPE",
  heic: "PHOTO_HEIC",
  tooLarge: "PHOTO_TOO_LARGE",
  tooManyPixels: "PHOTO_TOO_MANY_PIXELS",
  tooSmall: "PHOTO_TOO_SMALL",
  unreadable: "PHOTO_UNREADABLE",
  duplicate: "PHOTO_DUPLICATE",
  /** The same face in the same pose as a photo of the set: a turned, mirrored, cropped or re-lit copy. */
  nearDuplicate: "PHOTO_NEAR_DUPLICATE",
  limitReached: "PHOTO_LIMIT_REACHED",
  photoNotFound: "PHOTO_NOT_FOUND",
  noFace: "PHOTO_NO_FACE",
  /** Several people and no way yet to tell which is the child: the parent taps them (`faces`). */
  chooseChild: "PHOTO_CHOOSE_CHILD",
  /** Several people, none of them like the child's reference face. */
  childNotFound: "PHOTO_CHILD_NOT_FOUND",
  /** The point the parent tapped is on none of the faces found. */
  noFaceThere: "PHOTO_NO_FACE_THERE",
  tooManyFaces: "PHOTO_TOO_MANY_FACES",
  /** Someone else's face is so close to the child's that it cannot be blurred without the child's. */
  childNotSeparable: "PHOTO_CHILD_NOT_SEPARABLE",
  differentPerson: "PHOTO_DIFFERENT_PERSON",
  noFile: "PHOTO_MISSING",
  tooManyFiles: "PHOTO_TOO_MANY_FILES",
  tooManyFields: "PHOTO_TOO_MANY_FIELDS",
  tooManyParts: "PHOTO_TOO_MANY_PARTS",
  badField: "PHOTO_BAD_FIELD",
  uploadInterrupted: "PHOTO_UPLOAD_INTERRUPTED",
  /** The child-safety screen refused it (decision 0038); the same code for the family picture. */
  notSuitable: "PHOTO_NOT_SUITABLE",
} as const;

/** Reasons shown next to a rejected file; {placeholders} are filled in by `photoMessage`. */
export const photoMessages = {
  unsupportedType: "This isn't a photo we can use. Send a JPEG, PNG, WebP or AVIF picture.",
  heic: "This is an iPhone HEIC photo. Send it as JPEG: on the iPhone choose Settings › Camera › Formats › Most Compatible, or share the photo by e-mail or AirDrop, which converts it.",
  tooLarge: "This file is larger than {maxMegabytes} MB. Send a smaller copy.",
  tooManyPixels: "This picture is far too large in pixels to be a normal photo.",
  tooSmall: `This photo is too small: its shorter side must be at least ${PHOTO_MIN_SHORT_SIDE} pixels.`,
  unreadable: "This file is damaged or incomplete. Try exporting the photo again.",
  duplicate: "This photo (or one almost identical) is already uploaded.",
  nearDuplicate:
    "This looks like the same photo as one you already added — a different moment helps the model more.",
  limitReached: "You already have the most photos allowed ({max}). Remove some to add others.",
  photoNotFound: "We couldn't find that photo for this child.",
  noFace:
    "We couldn't see a face clearly in this photo. Use one where your child's face is visible and in focus.",
  chooseChild: "We see {count} people in this photo. Tap {name} so we know whose face to keep.",
  chooseBetweenLookalikes:
    "Two people in this photo look a lot like {name}. Tap {name} so we keep the right face.",
  childNotFound:
    "We see {count} people in this photo, but none of them looks like {name}. Use photos with {name} in them.",
  noFaceThere: "There's no face where you tapped. Tap on {name}'s face.",
  tooManyFaces: `We see more than ${PHOTO_MAX_FACES} people in this photo, too many to find {name} reliably. Use one with fewer people, or crop it around {name}.`,
  childNotSeparable:
    "{name}'s face is too close to someone else's in this photo for us to keep only {name}. Use one where {name} is a little apart.",
  differentPerson: "This looks like someone other than {name}. Use photos of {name} only.",
  noFile: "Choose a photo to upload.",
  tooManyFiles: "Upload at most {max} photos at a time.",
  tooManyFields: "Send only the child's id and the photos.",
  tooManyParts: "This upload has too many parts. Send the child's id and at most {max} photos.",
  badField: "This upload has a field that is not allowed. Send the child's id and the photos.",
  uploadInterrupted: "The upload stopped before all photos arrived. Please try again.",
  notSuitable: "Please choose photos where {name} is fully dressed, like everyday clothes.",
} as const;

export function photoMessage(
  key: keyof typeof photoMessages,
  values: Record<string, string | number> = {},
): string {
  return photoMessages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * Whether the photo shows the same child as the rest of the set (face descriptors compared on our
 * servers): `match` — one of the child's photos; `different` — someone else, remove it before
 * training; `undecided` — too few photos agree yet to tell who the child is; `unchecked` — no face
 * check ran (face checks are off on this server).
 */
/** A face's box as fractions (0–1) of its photo's width and height. */
export const faceBoxSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type FaceBox = z.infer<typeof faceBoxSchema>;

/**
 * With PHOTO_CHOOSE_CHILD: the faces found in the photo (as it is shown, upright), for the parent
 * to tap one. The single upload sends it as the error's `details`.
 */
export const faceChoiceSchema = z.object({ faces: z.array(faceBoxSchema).min(2) });
export type FaceChoice = z.infer<typeof faceChoiceSchema>;

export const photoIdentitySchema = z.enum(["match", "different", "undecided", "unchecked"]);
export type PhotoIdentity = z.infer<typeof photoIdentitySchema>;

/** Why a photo ranks low, in the order the page names them. */
export const photoQualityIssueSchema = z.enum([
  "blurry",
  "faceSmall",
  "eyesClosed",
  "anotherFace",
  "turnedAway",
]);
export type PhotoQualityIssue = z.infer<typeof photoQualityIssueSchema>;

export const photoQualityIssueMessages: Record<PhotoQualityIssue, string> = {
  blurry: "Blurry",
  faceSmall: "Face too small",
  eyesClosed: "Eyes closed",
  anotherFace: "Another face nearby",
  turnedAway: "Face turned away",
};

export const uploadedPhotoSchema = z.object({
  id: z.string(),
  /** Signed addresses that expire: never store them. */
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The photo looks out of focus: it is kept, and the page suggests replacing it. */
  blurry: z.boolean(),
  originalName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  identity: photoIdentitySchema,
  /**
   * The photo looks like an adult although the child is young: a question to the parent ("is it
   * Mia?"), never a refusal; false once the parent chose to keep it. Age estimates are never shown.
   */
  looksAdult: z.boolean(),
  /** 1 is the best photo of the set (sharp, large, frontal, eyes open, closest to the child's face). */
  qualityRank: z.number().int().min(1),
  /** Short reasons a photo ranks low; empty for a good photo. */
  qualityIssues: z.array(photoQualityIssueSchema),
  /** Where the child's face is in the stored photo (the page outlines it); null without face checks. */
  faceBox: faceBoxSchema.nullable(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

export const photoLimitsSchema = z.object({
  min: z.number().int(),
  max: z.number().int(),
  maxMegabytes: z.number().int(),
});

export const uploadResultSchema = z.discriminatedUnion("status", [
  z.object({ fileName: z.string(), status: z.literal("accepted"), photo: uploadedPhotoSchema }),
  z.object({
    fileName: z.string(),
    status: z.literal("rejected"),
    code: z.string(),
    message: z.string(),
    /** With PHOTO_CHOOSE_CHILD: the faces to choose from; send the file again with `faceAt`. */
    faces: faceChoiceSchema.shape.faces.optional(),
  }),
]);
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** `/api/image/upload`: a multipart batch (field `childId`, then files); each file gets its own verdict. */
export const uploadPhotosPath = "/api/image/upload";
export const uploadPhotosResponseSchema = z.object({
  results: z.array(uploadResultSchema),
  photoCount: z.number().int(),
  limits: photoLimitsSchema,
});

/** `/api/image/single-image-upload`: one file; a rejected file is a 4xx with its reason. */
export const uploadSinglePhotoPath = "/api/image/single-image-upload";
export const uploadSinglePhotoResponseSchema = z.object({
  photo: uploadedPhotoSchema,
  photoCount: z.number().int(),
  limits: photoLimitsSchema,
});

/**
 * The multipart uploads are outside the JSON contract (no zod request), but act for a family all
 * the same: declared here in the endpoints' shape, so the server reads their permission from the
 * contract and the permission-matrix test covers them.
 */
export type FamilyScopedUpload = { method: "POST"; path: `/api/${string}`; family: FamilyScope };

const uploadScope: FamilyScope = { permission: { resource: "photo", action: "upload" } };
export const uploadPhotosUpload: FamilyScopedUpload = {
  method: "POST",
  path: uploadPhotosPath,
  family: uploadScope,
};
export const uploadSinglePhotoUpload: FamilyScopedUpload = {
  method: "POST",
  path: uploadSinglePhotoPath,
  family: uploadScope,
};
export const familyScopedUploads = [uploadPhotosUpload, uploadSinglePhotoUpload] as const;

export const getUploadedImagesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/image/getUploadedImages",
  family: { permission: { resource: "child", action: "read" } },
  request: z.object({ childId: childIdSchema }),
  response: z.object({ photos: z.array(uploadedPhotoSchema), limits: photoLimitsSchema }),
});

export const deleteUploadedImagesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/image/deleteUploadedImages",
  family: { permission: { resource: "photo", action: "delete" } },
  request: z.object({
    childId: childIdSchema,
    photoIds: z.array(z.string().min(1).max(100)).min(1).max(200),
  }),
  response: z.object({ deleted: z.number().int(), photoCount: z.number().int() }),
});

/** The parent confirms that a photo flagged as looking like an adult is their child: it is kept, unflagged. */
export const keepPhotoEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/image/keep",
  family: { permission: { resource: "photo", action: "upload" } },
  request: z.object({ childId: childIdSchema, photoId: z.string().min(1).max(100) }),
  response: z.object({ photo: uploadedPhotoSchema }),
});
