import type { Point } from "../faces/face-geometry";

/**
 * Where a photo's face goes in the costumed child (art/child-art.ts draws the child in a 200-unit
 * box): the eyes level at the illustration's own, the face centred on the drawn head (the middle of
 * its jaw, not of its eyes: a face turned a little has its eyes off to one side), as wide as the
 * illustrated head, and the shape the face is cut along (jaw line and an estimated forehead).
 * Pure geometry on the 68 landmarks, so it is tested without pictures.
 */

/** The illustrated eyes' midpoint, in the 200-unit box (child-art.ts draws them at (85, 90) and (115, 90)). */
export const ART_EYES = { x: 100, y: 90 } as const;
/** How wide the face is drawn, ear to ear along the jaw (the illustrated head is 80 units wide). */
export const ART_FACE_WIDTH = 76;

const centre = (points: Point[]): Point => ({
  x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
  y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
});

export type FaceFit = {
  /** Rotation (radians) that levels the eyes: the photo is turned by −angle. */
  angle: number;
  /** Art units per photo pixel. */
  unitsPerPixel: number;
  /** The photo's point that lands on ART_EYES: on the eyes' line, level with the jaw's middle. */
  eyes: Point;
  /** The chin, in art units. */
  chinY: number;
  /** The face's outline in art units: the jaw line, then the forehead's arc back over the brows. */
  outline: Point[];
  /**
   * The box a face detector draws around this face, in art units: ear to ear along the jaw, brows
   * to chin (the outline's forehead is an estimate a detector does not count).
   */
  featureBox: { left: number; top: number; right: number; bottom: number };
  /** Where to sample the skin (both cheeks) and the hair (above the forehead), in photo pixels. */
  samples: { cheeks: Point[]; hair: Point; hairRadius: number; skinRadius: number };
};

/** Photo pixels → art units for a fit. */
export function toArt(fit: Pick<FaceFit, "angle" | "unitsPerPixel" | "eyes">, point: Point): Point {
  const dx = point.x - fit.eyes.x;
  const dy = point.y - fit.eyes.y;
  const cos = Math.cos(-fit.angle);
  const sin = Math.sin(-fit.angle);
  return {
    x: ART_EYES.x + (dx * cos - dy * sin) * fit.unitsPerPixel,
    y: ART_EYES.y + (dx * sin + dy * cos) * fit.unitsPerPixel,
  };
}

/** The fit of a face from its 68 landmarks (pixels of the photo they were found in). */
export function fitFace(landmarks: Point[]): FaceFit {
  if (landmarks.length !== 68) throw new Error(`A face fit needs 68 landmarks, got ${landmarks.length}`);
  const at = (index: number) => landmarks[index] as Point;
  const leftEye = centre(landmarks.slice(36, 42));
  const rightEye = centre(landmarks.slice(42, 48));
  const eyes = centre([leftEye, rightEye]);
  const angle = Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x);
  const width = Math.hypot(at(16).x - at(0).x, at(16).y - at(0).y);
  const unitsPerPixel = ART_FACE_WIDTH / Math.max(width, 1);
  // Along the eyes' line from their midpoint to level with the jaw's middle, so that the face sits
  // on the drawn head, neck and hair rather than beside them.
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const jawMiddle = centre([at(0), at(16)]);
  const offset = (jawMiddle.x - eyes.x) * along.x + (jawMiddle.y - eyes.y) * along.y;
  const fit = { angle, unitsPerPixel, eyes: { x: eyes.x + offset * along.x, y: eyes.y + offset * along.y } };

  const jaw = landmarks.slice(0, 17).map((point) => toArt(fit, point));
  const brows = landmarks.slice(17, 27).map((point) => toArt(fit, point));
  const nose = toArt(fit, at(33));
  const browLine = Math.min(...brows.map((point) => point.y));
  // The hairline sits about a third of the face above the brows (brows → nose base ≈ hairline → brows).
  const foreheadTop = browLine - 0.75 * Math.max(nose.y - browLine, 1);
  const left = jaw[0] as Point;
  const right = jaw[16] as Point;
  // An elliptic arc from the right end of the jaw over the forehead to its left end.
  const arc: Point[] = [];
  const midX = (left.x + right.x) / 2;
  const halfWidth = (right.x - left.x) / 2;
  const baseY = (left.y + right.y) / 2;
  for (let step = 1; step < 12; step++) {
    const t = (step / 12) * Math.PI;
    arc.push({ x: midX + Math.cos(t) * halfWidth, y: baseY - Math.sin(t) * (baseY - foreheadTop) });
  }

  const faceWidthPx = width;
  const cheek = (index: number) => {
    // Halfway between the jaw and the nose, level with the nose's base: bare skin on most faces.
    const jawPoint = at(index);
    const noseBase = at(33);
    return { x: (jawPoint.x + noseBase.x) / 2, y: jawPoint.y * 0.3 + noseBase.y * 0.7 };
  };
  const browCentre = centre(landmarks.slice(17, 27));
  const up = { x: Math.sin(angle), y: -Math.cos(angle) };
  const hairLift = faceWidthPx * 0.55;
  return {
    ...fit,
    chinY: (jaw[8] as Point).y,
    outline: [...jaw, ...arc],
    featureBox: {
      left: Math.min(...jaw.map((point) => point.x)),
      top: browLine,
      right: Math.max(...jaw.map((point) => point.x)),
      bottom: Math.max(...jaw.map((point) => point.y)),
    },
    samples: {
      cheeks: [cheek(3), cheek(13)],
      hair: { x: browCentre.x + up.x * hairLift, y: browCentre.y + up.y * hairLift },
      hairRadius: faceWidthPx * 0.08,
      skinRadius: faceWidthPx * 0.05,
    },
  };
}
