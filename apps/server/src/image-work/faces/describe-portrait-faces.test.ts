import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describePortraitFaces } from "./describe-portrait-faces";
import type { DescribedFace, FaceDetector, RgbImage } from "./face-detector";

/** A detector that finds one face in the middle of whatever it is shown, and counts its looks. */
function countingDetector(descriptor: number[]) {
  const looks = { detect: 0, describe: 0 };
  const middle = (image: RgbImage) => ({
    x: image.width * 0.4,
    y: image.height * 0.4,
    width: image.width * 0.2,
    height: image.width * 0.2,
    score: 0.9,
  });
  const detector: FaceDetector = {
    async detect(image) {
      looks.detect++;
      return [middle(image)];
    },
    async describe(image) {
      looks.describe++;
      const face: DescribedFace = {
        ...middle(image),
        descriptor,
        estimatedAge: 30,
        frontality: 1,
        eyeOpenness: 0.3,
        landmarks: [],
      };
      return [face];
    },
  };
  return { detector, looks };
}

const portrait = () =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: "#a08070" } })
    .png()
    .toBuffer();

describe("the faces of a finished portrait", () => {
  it("are looked for in the whole picture and in its centre", async () => {
    const { detector, looks } = countingDetector([0, 0]);
    const faces = await describePortraitFaces(await portrait(), detector);
    expect(looks.detect).toBe(2);
    // The fake finds a face in the middle of each look: two places, two faces described.
    expect(faces).toHaveLength(2);
  });

  it("stop being looked for once a face like the one sought is found", async () => {
    const { detector, looks } = countingDetector([0.1, 0]);
    const faces = await describePortraitFaces(await portrait(), detector, {
      descriptor: [0, 0],
      within: 0.5,
    });
    expect(looks.detect).toBe(1);
    expect(faces.map((face) => face.descriptor)).toEqual([[0.1, 0]]);
  });

  it("look in the centre too when the face found first is not like the one sought", async () => {
    const { detector, looks } = countingDetector([0.9, 0]);
    await describePortraitFaces(await portrait(), detector, { descriptor: [0, 0], within: 0.5 });
    expect(looks.detect).toBe(2);
  });

  it("look first where the model drew the face, and nowhere else when the one sought is there", async () => {
    const { detector, looks } = countingDetector([0.1, 0]);
    const faces = await describePortraitFaces(await portrait(), detector, {
      descriptor: [0, 0],
      within: 0.5,
      at: { x: 150, y: 100, width: 60, height: 70 },
    });
    // One description of the drawn face's region, and no run of the detecting network over the picture.
    expect(looks).toEqual({ detect: 0, describe: 1 });
    expect(faces.map((face) => face.descriptor)).toEqual([[0.1, 0]]);
  });

  it("look everywhere as without a hint when the face where it was drawn is someone else", async () => {
    const { detector, looks } = countingDetector([0.9, 0]);
    const faces = await describePortraitFaces(await portrait(), detector, {
      descriptor: [0, 0],
      within: 0.5,
      at: { x: 150, y: 100, width: 60, height: 70 },
    });
    // The hint's face, then both looks' faces: a hint adds to what is found, it never vouches alone.
    expect(looks.detect).toBe(2);
    expect(faces).toHaveLength(3);
  });
});
