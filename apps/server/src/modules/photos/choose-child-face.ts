import { type FaceBox, PHOTO_MAX_FACES, photoErrorCodes, photoMessage } from "@wonderkin/contract";
import type { DescribedFace } from "../../image-work/faces/face-detector";
import { AppError } from "../../lib/app-error";
import { type Descriptor, faceDistance } from "./face-identity";

/**
 * How much closer to the child's reference face the chosen face must be than every other face in
 * the photo. Two people under the same-child threshold (siblings, twins) are often only a few
 * hundredths apart; at less than this the product asks the parent rather than guessing.
 */
export const CLEARLY_CLOSER = 0.08;
/** A tap counts for a face when it lands inside its box widened by this share on every side. */
const TAP_SLACK = 0.25;

/** The parent's tap: a point in fractions (0–1) of the upright photo. */
export type FacePoint = { x: number; y: number };

/** A refusal that asks the parent to tap their child among `faces` (nothing of the photo is kept). */
export class FaceChoiceNeeded extends AppError {
  constructor(
    message: string,
    readonly faces: FaceBox[],
  ) {
    super(422, photoErrorCodes.chooseChild, message, { faces });
  }
}

/** A face's box in fractions of the picture, cut to the picture's edges (four decimals: 0.1 px of 1000). */
export const relativeBox = (
  face: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
): FaceBox => {
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  const left = clamp(face.x / size.width);
  const top = clamp(face.y / size.height);
  return {
    x: left,
    y: top,
    width: clamp(clamp((face.x + face.width) / size.width) - left),
    height: clamp(clamp((face.y + face.height) / size.height) - top),
  };
};

/** The face under the parent's tap: inside a box (a little widened), the nearest centre first. */
function tappedFace(faces: DescribedFace[], at: FacePoint, size: { width: number; height: number }) {
  const px = at.x * size.width;
  const py = at.y * size.height;
  const under = faces.filter((face) => {
    const slackX = face.width * TAP_SLACK;
    const slackY = face.height * TAP_SLACK;
    return (
      px >= face.x - slackX &&
      px <= face.x + face.width + slackX &&
      py >= face.y - slackY &&
      py <= face.y + face.height + slackY
    );
  });
  const centreDistance = (face: DescribedFace) =>
    Math.hypot(face.x + face.width / 2 - px, face.y + face.height / 2 - py);
  return under.sort((a, b) => centreDistance(a) - centreDistance(b))[0] ?? null;
}

/**
 * Which of a photo's clear faces is the child: the face the parent tapped, or the one within the
 * same-child threshold of the child's reference face and clearly closer than every other. Before
 * there is a reference (the first photos), or when two faces are both close, the parent is asked
 * (FaceChoiceNeeded, with the faces' boxes); a photo where nobody looks like the child is refused.
 * `size` is the size of the picture the faces were found in.
 */
export function chooseChildFace(options: {
  faces: DescribedFace[];
  size: { width: number; height: number };
  reference: Descriptor | null;
  threshold: number;
  tappedAt: FacePoint | null;
  childName: string;
}): DescribedFace {
  const { faces, size, reference, threshold, tappedAt, childName } = options;
  const name = childName;
  if (faces.length > PHOTO_MAX_FACES) {
    throw new AppError(422, photoErrorCodes.tooManyFaces, photoMessage("tooManyFaces", { name }));
  }
  const [only] = faces;
  if (faces.length === 1 && only) return only;
  const boxes = () => faces.map((face) => relativeBox(face, size));
  if (tappedAt) {
    const tapped = tappedFace(faces, tappedAt, size);
    if (!tapped) throw new AppError(422, photoErrorCodes.noFaceThere, photoMessage("noFaceThere", { name }));
    return tapped;
  }
  if (!reference) {
    throw new FaceChoiceNeeded(photoMessage("chooseChild", { name, count: faces.length }), boxes());
  }
  const ranked = faces
    .map((face) => ({ face, distance: faceDistance(reference, face.descriptor) }))
    .sort((a, b) => a.distance - b.distance);
  const [closest, runnerUp] = ranked;
  if (!closest || closest.distance > threshold) {
    throw new AppError(
      422,
      photoErrorCodes.childNotFound,
      photoMessage("childNotFound", { name, count: faces.length }),
    );
  }
  if (runnerUp && runnerUp.distance - closest.distance < CLEARLY_CLOSER) {
    throw new FaceChoiceNeeded(photoMessage("chooseBetweenLookalikes", { name }), boxes());
  }
  return closest.face;
}

/** Parses the `faceAt` field ("x,y", fractions of the photo); a malformed one is a 400. */
export function parseFacePoint(value: unknown): FacePoint {
  const match = typeof value === "string" ? /^\s*([0-9.]+)\s*,\s*([0-9.]+)\s*$/.exec(value) : null;
  const x = Number(match?.[1]);
  const y = Number(match?.[2]);
  if (!match || !(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
    throw new AppError(
      400,
      "VALIDATION_FAILED",
      "Send where the child's face is as two fractions, like 0.4,0.3.",
      [{ path: "faceAt", message: "Expected two numbers from 0 to 1, separated by a comma." }],
    );
  }
  return { x, y };
}
