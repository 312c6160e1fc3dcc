import { processPhoto } from "@wonderkin/server/photo-processing";
import { singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import { phoneSizedPhoto } from "./phone-photo";

/** The upload pipeline's size limit (PHOTO_MAX_MEGABYTES' default). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

type FaceDetector = NonNullable<Parameters<typeof processPhoto>[1]["faceDetector"]>;

/**
 * The test faces a parent could upload: each sample picture made a phone-sized photo, kept only when
 * the upload pipeline accepts it (one face found). A refused photo is not what the checks usually see.
 */
export async function acceptedFacePictures(
  faceDetector: FaceDetector,
): Promise<{ index: number; picture: Buffer; photo: Buffer }[]> {
  const accepted = [];
  for (const [index, picture] of (await singleFacePictures()).entries()) {
    const photo = await phoneSizedPhoto(picture);
    const ok = await processPhoto(photo, { maxBytes: MAX_PHOTO_BYTES, faceDetector }).then(
      (processed) => processed.faces?.faceCount === 1,
      () => false,
    );
    if (ok) accepted.push({ index, picture, photo });
  }
  return accepted;
}
