import type { PhotoQualityIssue } from "@wonderkin/contract";
import { type Descriptor, faceDistance } from "./face-identity";

/** What a stored photo's ranking reads from its row. */
export type PhotoQualityInput = {
  id: string;
  sharpness: number;
  blurry: boolean;
  faceShare: number | null;
  frontality: number | null;
  eyeOpenness: number | null;
  nearbyFaces: number | null;
  descriptor: Descriptor | null;
};

/** Below this share of the picture's shorter side, the face is too small to teach the model much. */
const SMALL_FACE_SHARE = 0.2;
/** Eye aspect ratio below which the eyes are closing (open eyes measure about 0.25–0.35). */
const CLOSED_EYES = 0.18;
/** Frontality below which the head is turned well away (the nose a third of the way to one eye). */
const TURNED_AWAY = 0.35;
/** Laplacian variance at which a photo counts as fully sharp (in-focus test faces measure 52–388). */
const FULLY_SHARP = 160;

const clamp = (value: number) => Math.max(0, Math.min(1, value));

export type RankedPhoto = { rank: number; issues: PhotoQualityIssue[]; score: number };

/** Why a photo is weak, in the order the page names them. */
export function qualityIssues(photo: PhotoQualityInput): PhotoQualityIssue[] {
  const issues: PhotoQualityIssue[] = [];
  if (photo.blurry) issues.push("blurry");
  if (photo.faceShare !== null && photo.faceShare < SMALL_FACE_SHARE) issues.push("faceSmall");
  if (photo.eyeOpenness !== null && photo.eyeOpenness < CLOSED_EYES) issues.push("eyesClosed");
  if ((photo.nearbyFaces ?? 0) > 0) issues.push("anotherFace");
  if (photo.frontality !== null && photo.frontality < TURNED_AWAY) issues.push("turnedAway");
  return issues;
}

/**
 * A 0–1 score of how much a photo teaches the model about the child: sharp, a large face, facing
 * the camera, eyes open, nobody else, and close to the child's reference face. Photos without face
 * findings (face checks off) are ranked by sharpness alone.
 */
export function qualityScore(
  photo: PhotoQualityInput,
  reference: Descriptor | null,
  threshold: number,
): number {
  const sharp = clamp(photo.sharpness / FULLY_SHARP);
  if (photo.faceShare === null) return sharp;
  const large = clamp(photo.faceShare / 0.4);
  const frontal = clamp(photo.frontality ?? 0);
  const eyes = clamp((photo.eyeOpenness ?? 0) / 0.25);
  const alike =
    reference && photo.descriptor
      ? clamp(1 - faceDistance(reference, photo.descriptor) / (2 * threshold))
      : 0.5;
  const alone = (photo.nearbyFaces ?? 0) > 0 ? 0 : 1;
  return 0.25 * sharp + 0.2 * large + 0.2 * frontal + 0.1 * eyes + 0.15 * alike + 0.1 * alone;
}

/** Ranks a child's photos best first (1 is the best); ties keep the upload order. */
export function rankPhotos(
  photos: PhotoQualityInput[],
  reference: Descriptor | null,
  threshold: number,
): Map<string, RankedPhoto> {
  const scored = photos.map((photo, order) => ({
    photo,
    order,
    score: qualityScore(photo, reference, threshold),
  }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return new Map(
    scored.map(({ photo, score }, index) => [
      photo.id,
      { rank: index + 1, issues: qualityIssues(photo), score },
    ]),
  );
}
