import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { findTheChild } from "@wonderkin/server/find-the-child";
import { createImageWork } from "@wonderkin/server/image-work";
import { findFaces, preparePhoto } from "@wonderkin/server/photo-processing";
import {
  groupsWithChild,
  samePersonPictures,
  sampleFaceDescriptor,
} from "@wonderkin/server/test-fixtures/face-pictures";
import sharp from "sharp";
import type { Benchmark } from "../harness/benchmark";
import { measureSequential, sequentialConditions } from "../harness/measure-sequential";
import { PHONE_LONG_SIDE, PHONE_SHORT_SIDE, phoneSizedPhoto } from "../harness/phone-photo";

const MAX_BYTES = 20 * 1024 * 1024;
/** The same-child threshold's default (FACE_MATCH_THRESHOLD). */
const THRESHOLD = 0.5;

/**
 * A wide group photo with as many pixels as a phone's 12-megapixel photo (a phone's panorama of a
 * birthday table): the same pixel count as the photo of the child alone, so the two compare.
 */
async function phoneSizedGroup(group: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(group).metadata();
  const scale = Math.sqrt((PHONE_LONG_SIDE * PHONE_SHORT_SIDE) / (width * height));
  return sharp(group)
    .resize(Math.round(width * scale), Math.round(height * scale), { kernel: "cubic" })
    .withExif({ IFD0: { Make: "BenchCam", Model: "Phone" } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A group photo of four people through the upload pipeline against a photo of the child alone, in
 * the same run (issue 31). Both are 12-megapixel JPEGs and both run what an upload runs from the
 * bytes to the photo that would be stored: prepared (type, limits, orientation, the stored JPEG,
 * thumbnail, hash, sharpness), every face found and described, and the child's face chosen by the
 * set's reference face. The group photo then has its square cut, every other face blurred, and the
 * square prepared and described again. One image thread's work, in process.
 */
export const groupPhotosBenchmark: Benchmark = {
  name: "group-photos",
  description: "a group photo of four faces through the upload pipeline vs a photo of the child alone",
  async run(settings) {
    const faceDetector = createTfjsFaceDetector();
    const imageWork = createImageWork({ threads: 0 });
    const fourPeople = (await groupsWithChild()).filter((group) => group.members.length === 4);
    const shots = await samePersonPictures(12);
    const reference = await sampleFaceDescriptor(shots[11] as Buffer, faceDetector);
    // The child alone in the same shots the group photos show them in.
    const alone = await Promise.all(fourPeople.map((group) => phoneSizedPhoto(group.child.picture)));
    const groups = await Promise.all(fourPeople.map((group) => phoneSizedGroup(group.bytes)));
    const upload = async (bytes: Buffer) => {
      const { analysis, ...processed } = await preparePhoto(bytes, { maxBytes: MAX_BYTES });
      const faces = await findFaces(faceDetector, analysis);
      const kept = await findTheChild(
        { imageWork, faceDetector, faceMatchThreshold: THRESHOLD },
        { processed, analysis, faces },
        { reference, tappedAt: null, childName: "Mia" },
      );
      return kept.processed.normalised.length;
    };
    const single = await measureSequential(
      { name: "alone", description: "a photo of the child alone: prepared, described, chosen" },
      alone,
      settings,
      upload,
    );
    const group = await measureSequential(
      {
        name: "group of four",
        description: "the child among three others: prepared, described, chosen, cut, blurred, checked again",
      },
      groups,
      settings,
      upload,
    );
    await imageWork.close();
    return {
      subjects: [single, group],
      comparison: { subject: "group of four", baseline: "alone" },
      conditions: sequentialConditions(settings),
    };
  },
};
