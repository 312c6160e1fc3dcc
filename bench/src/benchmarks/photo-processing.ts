import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { processPhoto } from "@wonderkin/server/photo-processing";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import sharp from "sharp";
import type { Benchmark } from "../harness/benchmark";
import { measureSequential, sequentialConditions } from "../harness/measure-sequential";
import { phoneSizedPhoto } from "../harness/phone-photo";

const MAX_BYTES = 20 * 1024 * 1024;
type FaceDetector = ReturnType<typeof createTfjsFaceDetector>;

/**
 * Four different 12-megapixel JPEGs with EXIF (camera, GPS), each showing one face: faces from the
 * face detector's sample photos, enlarged to the size a phone shoots.
 */
async function twelveMegapixelPhotos(faceDetector: FaceDetector): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (const face of await singleFacePictures()) {
    const photo = await phoneSizedPhoto(face);
    // Only photos the pipeline accepts: a refused photo stops early and would flatter the numbers.
    const accepted = await processPhoto(photo, { maxBytes: MAX_BYTES, faceDetector }).then(
      (processed) => processed.faces?.faceCount === 1,
      () => false,
    );
    if (accepted) photos.push(photo);
    if (photos.length === 4) return photos;
  }
  throw new Error(`only ${photos.length} of the enlarged test faces pass the pipeline; need 4`);
}

/**
 * One 12-megapixel photo through the whole upload pipeline (type from bytes, limits, orientation,
 * metadata stripped, normalised JPEG, thumbnail, duplicate hash, sharpness, face detection) against
 * a bare sharp decode + resize of the same files. "requests/s" reads as photos per second.
 */
export const photoProcessingBenchmark: Benchmark = {
  name: "photo-processing",
  description: "one 12 MP JPEG through the upload pipeline vs a bare sharp decode + resize",
  async run(settings) {
    const faceDetector = createTfjsFaceDetector();
    const photos = await twelveMegapixelPhotos(faceDetector);
    const bare = await measureSequential(
      { name: "bare", description: "sharp: decode, resize to 2048 px, encode JPEG" },
      photos,
      settings,
      async (photo) => (await sharp(photo).resize(2048, 2048, { fit: "inside" }).jpeg().toBuffer()).length,
    );
    const full = await measureSequential(
      { name: "full", description: "processPhoto with face detection" },
      photos,
      settings,
      async (photo) => {
        const processed = await processPhoto(photo, { maxBytes: MAX_BYTES, faceDetector });
        return processed.normalised.length;
      },
    );
    return {
      subjects: [bare, full],
      comparison: { subject: "full", baseline: "bare" },
      conditions: sequentialConditions(settings),
    };
  },
};
