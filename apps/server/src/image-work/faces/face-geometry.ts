/** A landmark point, in pixels. */
export type Point = { x: number; y: number };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

const centre = (points: Point[]): Point => ({
  x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
  y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
});

/**
 * The eye aspect ratio (Soukupová & Čech, 2016) of one eye's six landmarks, in the 68-point order
 * (corner, two upper lid points, corner, two lower lid points): the lid's opening over the eye's width.
 */
export function eyeAspectRatio(eye: Point[]): number {
  const [p1, p2, p3, p4, p5, p6] = eye;
  if (!p1 || !p2 || !p3 || !p4 || !p5 || !p6) return 0;
  const width = distance(p1, p4);
  return width === 0 ? 0 : (distance(p2, p6) + distance(p3, p5)) / (2 * width);
}

/**
 * How squarely a face looks at the camera, from the 68 landmarks: the nose tip (point 30) sits
 * halfway between the eyes when the face is frontal and drifts towards one eye as the head turns.
 * 1 is frontal, 0 a half profile or more.
 */
export function frontality(landmarks: Point[]): number {
  const leftEye = centre(landmarks.slice(36, 42));
  const rightEye = centre(landmarks.slice(42, 48));
  const noseTip = landmarks[30];
  const eyeDistance = distance(leftEye, rightEye);
  if (!noseTip || eyeDistance === 0) return 0;
  const drift = Math.abs(noseTip.x - (leftEye.x + rightEye.x) / 2) / eyeDistance;
  return Math.max(0, Math.min(1, 1 - 2 * drift));
}

/** The eye aspect ratio of the more closed of the two eyes. */
export function eyeOpenness(landmarks: Point[]): number {
  return Math.min(eyeAspectRatio(landmarks.slice(36, 42)), eyeAspectRatio(landmarks.slice(42, 48)));
}
