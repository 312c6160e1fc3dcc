import { describe, expect, it } from "vitest";
import type { Point } from "../faces/face-geometry";
import { ART_EYES, ART_FACE_WIDTH, fitFace, toArt } from "./face-geometry-fit";
import { centredFaceLandmarks } from "./local-portrait-renderer";

/** The landmarks turned by `degrees` about `pivot`, scaled and moved: a tilted face elsewhere in a photo. */
function moved(points: Point[], degrees: number, scale: number, shift: Point): Point[] {
  const angle = (degrees * Math.PI) / 180;
  return points.map(({ x, y }) => ({
    x: shift.x + scale * (x * Math.cos(angle) - y * Math.sin(angle)),
    y: shift.y + scale * (x * Math.sin(angle) + y * Math.cos(angle)),
  }));
}

const centre = (points: Point[]): Point => ({
  x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
  y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
});

describe("where a photo's face goes in the costumed child", () => {
  const upright = centredFaceLandmarks(400, 400);

  it("levels the eyes at the drawing's own and centres the jaw on its head, whatever the tilt, size and place", () => {
    for (const [degrees, scale, shift] of [
      [0, 1, { x: 0, y: 0 }],
      [12, 2.5, { x: 300, y: -40 }],
      [-20, 0.6, { x: 15, y: 220 }],
    ] as const) {
      const landmarks = moved(upright, degrees, scale, shift);
      const fit = fitFace(landmarks);
      expect((fit.angle * 180) / Math.PI).toBeCloseTo(degrees, 5);
      const leftEye = toArt(fit, centre(landmarks.slice(36, 42)));
      const rightEye = toArt(fit, centre(landmarks.slice(42, 48)));
      expect(leftEye.y).toBeCloseTo(ART_EYES.y, 5);
      expect(rightEye.y).toBeCloseTo(ART_EYES.y, 5);
      // As wide as the drawn head, ear to ear, and on its middle.
      const ears = [toArt(fit, landmarks[0] as Point), toArt(fit, landmarks[16] as Point)];
      expect(((ears[0]?.x ?? 0) + (ears[1]?.x ?? 0)) / 2).toBeCloseTo(ART_EYES.x, 5);
      expect(
        Math.hypot((ears[1]?.x ?? 0) - (ears[0]?.x ?? 0), (ears[1]?.y ?? 0) - (ears[0]?.y ?? 0)),
      ).toBeCloseTo(ART_FACE_WIDTH, 5);
    }
  });

  it("keeps a turned face's eyes to the side it looks, its jaw on the drawn head", () => {
    // Looking to its left: eyes, brows, nose and mouth move 30 px along the jaw line.
    const turned = upright.map((point, index) => (index >= 17 ? { x: point.x + 30, y: point.y } : point));
    const fit = fitFace(turned);
    const ears = [toArt(fit, turned[0] as Point), toArt(fit, turned[16] as Point)];
    expect(((ears[0]?.x ?? 0) + (ears[1]?.x ?? 0)) / 2).toBeCloseTo(ART_EYES.x, 5);
    const eyes = toArt(fit, centre(turned.slice(36, 48)));
    expect(eyes.y).toBeCloseTo(ART_EYES.y, 5);
    expect(eyes.x).toBeGreaterThan(ART_EYES.x + 3);
  });

  it("cuts along the jaw and over the forehead, and moves the body to the real chin", () => {
    const fit = fitFace(upright);
    // The jaw line first (17 points), then the forehead's arc back over the brows.
    expect(fit.outline.length).toBeGreaterThan(17);
    const chin = toArt(fit, upright[8] as Point);
    expect(fit.chinY).toBeCloseTo(chin.y, 5);
    expect(fit.chinY).toBeGreaterThan(ART_EYES.y + 20);
    const brows = upright.slice(17, 27).map((point) => toArt(fit, point).y);
    const foreheadTop = Math.min(...fit.outline.map((point) => point.y));
    expect(foreheadTop).toBeLessThan(Math.min(...brows));
    // Every point of the outline stays within the width of the face.
    for (const point of fit.outline) {
      expect(Math.abs(point.x - ART_EYES.x)).toBeLessThanOrEqual(ART_FACE_WIDTH / 2 + 0.5);
    }
  });

  it("refuses anything but the 68 landmarks", () => {
    expect(() => fitFace(upright.slice(0, 5))).toThrow(/68 landmarks/);
  });
});
