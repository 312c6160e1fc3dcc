import { performance } from "node:perf_hooks";
import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { processPhoto } from "@wonderkin/server/photo-processing";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import sharp from "sharp";
import type { Benchmark, BenchSettings, SubjectResult } from "../harness/benchmark";

const WIDTH = 4000;
const HEIGHT = 3000;
const MAX_BYTES = 20 * 1024 * 1024;
type FaceDetector = ReturnType<typeof createTfjsFaceDetector>;

/**
 * Four different 12-megapixel JPEGs with EXIF (camera, GPS), each showing one face: faces from the
 * face detector's sample photos, enlarged to the size a phone shoots.
 */
async function twelveMegapixelPhotos(faceDetector: FaceDetector): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (const face of await singleFacePictures()) {
    const photo = await sharp(face)
      .resize(WIDTH, HEIGHT, { fit: "cover", kernel: "cubic" })
      .withExif({
        IFD0: { Make: "BenchCam", Model: "Phone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .jpeg({ quality: 92 })
      .toBuffer();
    // Only photos the pipeline accepts: a refused photo stops early and would flatter the numbers.
    const accepted = await processPhoto(photo, { maxBytes: MAX_BYTES, faceDetector }).then(
      () => true,
      () => false,
    );
    if (accepted) photos.push(photo);
    if (photos.length === 4) return photos;
  }
  throw new Error(`only ${photos.length} of the enlarged test faces pass the pipeline; need 4`);
}

async function measure(
  name: string,
  description: string,
  photos: Buffer[],
  settings: BenchSettings,
  work: (photo: Buffer) => Promise<Buffer>,
): Promise<SubjectResult> {
  process.stderr.write(`  ${name}: warming up\n`);
  const warmupUntil = performance.now() + settings.warmupSeconds * 1000;
  for (let i = 0; performance.now() < warmupUntil || i < photos.length; i++)
    await work(photos[i % photos.length] as Buffer);
  process.stderr.write(`  ${name}: measuring\n`);
  const latencies: number[] = [];
  let bytes = 0;
  const start = performance.now();
  const until = start + settings.durationSeconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const began = performance.now();
    const output = await work(photos[i % photos.length] as Buffer);
    latencies.push(performance.now() - began);
    bytes += output.length;
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    name,
    description,
    requestsPerSecond: latencies.length / seconds,
    latencyP50Ms: at(0.5),
    latencyP99Ms: at(0.99),
    requests: latencies.length,
    bytesPerResponse: bytes / latencies.length,
  };
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
    const bare = await measure(
      "bare",
      "sharp: decode, resize to 2048 px, encode JPEG",
      photos,
      settings,
      (photo) => sharp(photo).resize(2048, 2048, { fit: "inside" }).jpeg().toBuffer(),
    );
    const full = await measure(
      "full",
      "processPhoto with face detection",
      photos,
      settings,
      async (photo) => {
        const processed = await processPhoto(photo, { maxBytes: MAX_BYTES, faceDetector });
        return processed.normalised;
      },
    );
    return { subjects: [bare, full], comparison: { subject: "full", baseline: "bare" } };
  },
};
