import { PHOTO_MAX_FACES, photoErrorCodes } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import type { DescribedFace } from "../../image-work/faces/face-detector";
import { CLEARLY_CLOSER, chooseChildFace, FaceChoiceNeeded, parseFacePoint } from "./choose-child-face";

/** A descriptor `offset` away from the child's along one axis, so distances are exact. */
const child = Array.from({ length: 128 }, (_, index) => Math.cos(index) / 10);
const away = (axis: number, offset: number) =>
  child.map((value, index) => (index === axis ? value + offset : value));

const face = (x: number, descriptor: number[]): DescribedFace => ({
  x,
  y: 100,
  width: 80,
  height: 90,
  score: 0.9,
  descriptor,
  estimatedAge: 30,
  frontality: 1,
  eyeOpenness: 0.3,
  landmarks: [],
});
const size = { width: 400, height: 300 };
const choose = (faces: DescribedFace[], extra: Partial<Parameters<typeof chooseChildFace>[0]> = {}) =>
  chooseChildFace({
    faces,
    size,
    reference: child,
    threshold: 0.5,
    tappedAt: null,
    childName: "Mia",
    ...extra,
  });
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return "chosen";
};

describe("choosing the child among a photo's faces", () => {
  const sibling = face(20, away(3, 0.7));
  const mia = face(160, away(5, 0.2));
  const cousin = face(300, away(7, 0.9));

  it("takes a lone face as it is, without a reference", () => {
    expect(choose([mia], { reference: null })).toBe(mia);
  });

  it("picks the face within the threshold that is clearly closer than every other", () => {
    expect(choose([sibling, mia, cousin])).toBe(mia);
  });

  it("asks the parent while there is no reference, with every face's box in fractions", () => {
    let asked: unknown;
    try {
      choose([sibling, mia], { reference: null });
    } catch (error) {
      asked = error;
    }
    expect(asked).toBeInstanceOf(FaceChoiceNeeded);
    const { faces, code, message } = asked as FaceChoiceNeeded;
    expect(code).toBe(photoErrorCodes.chooseChild);
    expect(message).toBe("We see 2 people in this photo. Tap Mia so we know whose face to keep.");
    expect(faces).toEqual([
      { x: 0.05, y: 0.3333, width: 0.2, height: 0.3 },
      { x: 0.4, y: 0.3333, width: 0.2, height: 0.3 },
    ]);
  });

  it("asks when two faces are both close to the child, and chooses when one is clearly closer", () => {
    const twin = face(300, away(9, 0.2 + CLEARLY_CLOSER - 0.01));
    expect(codeOf(() => choose([mia, twin]))).toBe(photoErrorCodes.chooseChild);
    const brother = face(300, away(9, 0.2 + CLEARLY_CLOSER + 0.01));
    expect(choose([mia, brother])).toBe(mia);
  });

  it("refuses a photo where nobody is within the threshold", () => {
    expect(codeOf(() => choose([sibling, cousin]))).toBe(photoErrorCodes.childNotFound);
  });

  it("takes the tapped face, whoever it is (the set's same-child check judges it), and refuses a tap on nobody", () => {
    expect(choose([sibling, mia, cousin], { tappedAt: { x: 0.12, y: 0.45 } })).toBe(sibling);
    // Just outside the box, within the slack a finger needs.
    expect(choose([sibling, mia, cousin], { tappedAt: { x: 0.62, y: 0.45 }, reference: null })).toBe(mia);
    expect(codeOf(() => choose([sibling, mia], { tappedAt: { x: 0.5, y: 0.95 } }))).toBe(
      photoErrorCodes.noFaceThere,
    );
  });

  it("refuses more faces than it can tell apart", () => {
    const crowd = Array.from({ length: PHOTO_MAX_FACES + 1 }, (_, index) =>
      face(index * 40, away(index, 0.9)),
    );
    expect(codeOf(() => choose(crowd))).toBe(photoErrorCodes.tooManyFaces);
    expect(codeOf(() => choose(crowd.slice(0, PHOTO_MAX_FACES)))).toBe(photoErrorCodes.childNotFound);
  });

  it("reads a tap from the form field, and refuses a malformed one", () => {
    expect(parseFacePoint("0.25,0.5")).toEqual({ x: 0.25, y: 0.5 });
    for (const bad of ["", "0.5", "1.2,0.3", "-0.1,0.2", "a,b", undefined]) {
      expect(
        codeOf(() => parseFacePoint(bad)),
        String(bad),
      ).toBe("VALIDATION_FAILED");
    }
  });
});
