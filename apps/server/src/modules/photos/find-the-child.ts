import { photoErrorCodes, photoMessage } from "@wonderkin/contract";
import type { DescribedFace, FaceDetector } from "../../image-work/faces/face-detector";
import type { FaceFindings, PreparedPhoto, RawImage } from "../../image-work/photos/process-photo";
import { findFaces, requireSomeFace } from "../../image-work/photos/process-photo";
import { AppError } from "../../lib/app-error";
import { chooseChildFace, type FacePoint } from "./choose-child-face";
import { type Descriptor, faceDistance } from "./face-identity";
import type { PhotoDeps } from "./photo-deps";

/** A photo as the upload checks it: prepared, with its analysis copy and what the face check found. */
export type FoundPhoto = {
  processed: Omit<PreparedPhoto, "analysis">;
  analysis: RawImage;
  faces: FaceFindings;
};

/**
 * The photo as it will be kept, showing the child alone. A photo of one face and nobody else is kept
 * as it is. Anyone else in it (a group, a sibling at the edge, a passer-by): the child's face is
 * chosen (choose-child-face.ts), and what is kept is a square around it with every other face
 * blurred, checked again from scratch: it must show exactly one face, the child's, or it is
 * refused. Nothing found about the others (boxes, descriptors, landmarks) outlives this call.
 */
export async function findTheChild(
  deps: Pick<PhotoDeps, "imageWork" | "faceMatchThreshold"> & { faceDetector: FaceDetector },
  photo: FoundPhoto,
  options: { reference: Descriptor | null; tappedAt: FacePoint | null; childName: string },
): Promise<FoundPhoto> {
  const { faces, analysis } = photo;
  requireSomeFace(faces.faceCount);
  const size = { width: analysis.info.width, height: analysis.info.height };
  const child = chooseChildFace({
    faces: faces.clearFaces,
    size,
    reference: options.reference,
    threshold: deps.faceMatchThreshold,
    tappedAt: options.tappedAt,
    childName: options.childName,
  });
  if (faces.allFaces.length === 1) return photo;
  const notSeparable = () =>
    new AppError(
      422,
      photoErrorCodes.childNotSeparable,
      photoMessage("childNotSeparable", { name: options.childName }),
    );
  let source = {
    bytes: photo.processed.normalised,
    analysis,
    child,
    others: withoutFace(faces.allFaces, child),
  };
  // The kept square is looked at again, at its own (larger) scale, where a face too small to be
  // found in the whole photo may now show: it is blurred in a second pass, and a square that still
  // shows anyone but the child is refused.
  for (let pass = 0; pass < KEEP_PASSES; pass++) {
    const kept = await deps.imageWork.keepOnlyTheChild({
      bytes: source.bytes,
      analysisSize: { width: source.analysis.info.width, height: source.analysis.info.height },
      child: boxOf(source.child),
      others: source.others.map(boxOf),
    });
    const { analysis: keptAnalysis, ...keptProcessed } = await deps.imageWork.preparePhoto({
      bytes: kept.bytes,
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    const keptFaces = await findFaces(deps.faceDetector, keptAnalysis);
    if (keptFaces.allFaces.length === 0) {
      // No face at all at the square's scale (the small detector misses some tilted faces it found
      // in the whole photo): nobody else is recognisable either, and the child is where they were
      // found, described as they were.
      const face = movedInto(source.child, kept.child, keptAnalysis.info);
      return {
        processed: keptProcessed,
        analysis: keptAnalysis,
        faces: {
          ...keptFaces,
          faceCount: 1,
          face,
          faceShare: faceShareOf(face, keptAnalysis.info),
          clearFaces: [face],
          allFaces: [face],
        },
      };
    }
    const alone = closestFace(keptFaces.clearFaces, child.descriptor);
    if (!alone || faceDistance(alone.descriptor, child.descriptor) > deps.faceMatchThreshold) {
      throw notSeparable();
    }
    if (keptFaces.allFaces.length === 1) {
      return { processed: keptProcessed, analysis: keptAnalysis, faces: keptFaces };
    }
    source = {
      bytes: keptProcessed.normalised,
      analysis: keptAnalysis,
      child: alone,
      others: withoutFace(keptFaces.allFaces, alone),
    };
  }
  throw notSeparable();
}

/** `face` (found in another picture) where `box` (fractions) says it is in a picture of `size`. */
function movedInto(
  face: DescribedFace,
  box: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
): DescribedFace {
  const scaleX = (box.width * size.width) / face.width;
  const scaleY = (box.height * size.height) / face.height;
  const left = box.x * size.width;
  const top = box.y * size.height;
  return {
    ...face,
    x: left,
    y: top,
    width: box.width * size.width,
    height: box.height * size.height,
    landmarks: face.landmarks.map((point) => ({
      x: left + (point.x - face.x) * scaleX,
      y: top + (point.y - face.y) * scaleY,
    })),
  };
}

const faceShareOf = (face: DescribedFace, size: { width: number; height: number }) =>
  Math.max(face.width, face.height) / Math.min(size.width, size.height);

/** Blurring runs at most twice: the whole photo's faces, then any the kept square shows. */
const KEEP_PASSES = 2;

const withoutFace = (faces: DescribedFace[], face: DescribedFace) => faces.filter((other) => other !== face);

function closestFace(faces: DescribedFace[], descriptor: Descriptor): DescribedFace | null {
  let best: DescribedFace | null = null;
  for (const face of faces) {
    if (!best || faceDistance(face.descriptor, descriptor) < faceDistance(best.descriptor, descriptor))
      best = face;
  }
  return best;
}

const boxOf = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }) => ({
  x,
  y,
  width,
  height,
});
