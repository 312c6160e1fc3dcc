import sharp from "sharp";
import type { DescribedFace, DetectedFace, FaceDetector } from "./face-detector";
import { faceDistance } from "./face-distance";

/** The copies faces are looked for in: the detector itself works at 416 px. */
const FIND_SIZE = 416;
/**
 * Each face is described from a square around it at this size, the face about 110 px across: the
 * detector, working at 416, then sees it ≈ 140 px wide (at 224 px, a face filling half its picture
 * was often missed).
 */
const REGION_SIZE = 320;
/**
 * How much of the picture around a face its region takes (the describer finds the face again in
 * it): three times the box first, and where that shows no face, a closer look. A face under a hat
 * brim or beside a drawn fringe, tilted or with lowered eyes, is often found in the whole picture
 * and then missed in the wider region (23 of 651 local portraits of the test faces, issue 30).
 */
const REGION_MARGINS = [3, 1.6] as const;
/** At most this many faces are described (a portrait shows one child; the rest are decoration). */
const MAX_FACES = 4;
/**
 * Where portraits put their subject: the middle of the width, the upper middle of the height. A
 * face drawn a sixth of a 2048-px portrait wide is ≈ 55 px in a whole-picture copy, at the edge of
 * what the detector finds; in this part it is twice that.
 */
const CENTRE = { left: 0.2, top: 0.12, width: 0.6, height: 0.6 };

type Box = Pick<DetectedFace, "x" | "y" | "width" | "height" | "score">;
type Area = { left: number; top: number; width: number; height: number };

/** How much two boxes overlap: their shared area over their joint area (0–1). */
export function overlap(a: Omit<Box, "score">, b: Omit<Box, "score">): number {
  const x = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const y = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const shared = x * y;
  return shared / (a.width * a.height + b.width * b.height - shared);
}

/**
 * Who the caller looks for: the looking stops at the first face this close to `descriptor`. `at`
 * is where the face should be (the model that drew the portrait says so): it is looked at first.
 */
export type LookingFor = {
  descriptor: number[];
  within: number;
  at?: Omit<Box, "score"> | null;
};

/**
 * The faces in a finished portrait, each described from its own region at the size the describing
 * networks need, rather than from one small copy of a 5-megapixel picture in which a face may be a
 * few dozen pixels wide. What the likeness check compares with the child (decision 0061).
 *
 * Two looks, the whole picture and then its centre (for a small face in a wide shot). With
 * `lookingFor`, the second look is skipped when the first already found a face that close: each
 * look is a run of the detecting network (≈ 47 ms of the check's ≈ 196 on 2 cores). Where the
 * caller knows where the face was drawn, its region is described before either look, and when the
 * face there is the one sought, neither look runs. A face found there only adds to what the looks
 * find, so a hint can let a portrait pass only by showing the child where it says.
 */
export async function describePortraitFaces(
  bytes: Uint8Array,
  detector: FaceDetector,
  lookingFor: LookingFor | null = null,
): Promise<DescribedFace[]> {
  const decoded = await sharp(bytes).rotate().toColourspace("srgb").removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const { width, height } = decoded.info;
  const raw = { raw: { width, height, channels: decoded.info.channels } } as const;
  const copyOf = async (area: Area, side: number) => {
    const { data, info } = await sharp(decoded.data, raw)
      .extract(area)
      .resize(side, side, { fit: "inside" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const findIn = async (area: Area): Promise<Box[]> => {
    const copy = await copyOf(area, FIND_SIZE);
    const scale = area.width / copy.width;
    const faces = await detector.detect(copy);
    return faces.map((face) => ({
      x: area.left + face.x * scale,
      y: area.top + face.y * scale,
      width: face.width * scale,
      height: face.height * scale,
      score: face.score,
    }));
  };
  const centre = {
    left: Math.round(width * CENTRE.left),
    top: Math.round(height * CENTRE.top),
    width: Math.round(width * CENTRE.width),
    height: Math.round(height * CENTRE.height),
  };
  // The same face is often found in both looks, with slightly different boxes. Best first, each box
  // is described unless a face was already described where it is; a box whose region shows no face
  // (a headdress taken for one) leaves the place open for the next.
  const described: DescribedFace[] = [];
  const placed: Box[] = [];
  const describeAt = async (box: Omit<Box, "score">): Promise<DescribedFace | undefined> => {
    for (const margin of REGION_MARGINS) {
      const side = Math.min(width, height, Math.round(Math.max(box.width, box.height) * margin));
      const left = Math.round(Math.min(Math.max(box.x + box.width / 2 - side / 2, 0), width - side));
      const top = Math.round(Math.min(Math.max(box.y + box.height / 2 - side / 2, 0), height - side));
      const region = await copyOf({ left, top, width: side, height: side }, REGION_SIZE);
      const faces = await detector.describe(region);
      // The region's own face is the largest in it (a neighbour shows only at its edge).
      const face = faces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (face) return face;
    }
    return undefined;
  };
  const describeFound = async (found: Box[]) => {
    for (const box of found.sort((a, b) => b.score - a.score)) {
      if (described.length === MAX_FACES) return;
      if (placed.some((kept) => overlap(kept, box) >= 0.3)) continue;
      const face = await describeAt(box);
      if (!face) continue;
      described.push(face);
      placed.push(box);
    }
  };
  const isSought = (face: DescribedFace) =>
    lookingFor !== null && faceDistance(lookingFor.descriptor, face.descriptor) <= lookingFor.within;

  const hinted = lookingFor?.at && lookingFor.at.width > 0 && lookingFor.at.height > 0 ? lookingFor.at : null;
  const atHint = hinted ? await describeAt(hinted) : undefined;
  if (atHint && isSought(atHint)) return [atHint];
  // Not the child there (or no face): the looks run as without a hint; what the hint found still counts.
  await describeFound(await findIn({ left: 0, top: 0, width, height }));
  if (!described.some(isSought)) await describeFound(await findIn(centre));
  return atHint ? [atHint, ...described] : described;
}
