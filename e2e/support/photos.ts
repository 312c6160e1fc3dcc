import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Photos for the browser tests, written once per run by the global setup (photo-setup.ts) and
 * read by the specs as files, the way a parent picks them. Real faces (the server accepts only
 * photos with exactly one clear face) come from the face detector's own sample pictures.
 */
export const photoDir = path.join(os.tmpdir(), `wonderkin-e2e-photos-${process.env.E2E_PORT ?? 3100}`);

/** `count` different single-face photos of "the child" (mirrored copies are not duplicates). */
export async function childPhotoFiles(count: number): Promise<string[]> {
  const names = (await readdir(photoDir)).filter((name) => name.startsWith("face-")).sort();
  if (names.length < count)
    throw new Error(`Only ${names.length} test photos in ${photoDir}; ${count} wanted`);
  return names.slice(0, count).map((name) => path.join(photoDir, name));
}

export const groupPhotoFile = () => path.join(photoDir, "group-photo.jpg");
export const noFacePhotoFile = () => path.join(photoDir, "a-tree.jpg");
/** Text with a photo's name: only the server, reading the bytes, can tell. */
export const textNamedAsPhotoFile = () => path.join(photoDir, "not-a-photo", "photo.jpg");

/** Writes the photos (faces, a group, no face, a text file) unless this run already has them. */
export async function writeTestPhotos(): Promise<void> {
  if (existsSync(path.join(photoDir, "done"))) return;
  // Loaded only here: the face detector (TensorFlow.js) is heavy and only the setup needs it.
  const [{ default: sharp }, fixtures] = await Promise.all([
    import("sharp"),
    import("@wonderkin/server/test-fixtures/face-pictures"),
  ]);
  await rm(photoDir, { recursive: true, force: true });
  await mkdir(path.join(photoDir, "not-a-photo"), { recursive: true });
  const faces = await fixtures.singleFacePictures();
  const variants = [
    ...faces,
    ...(await Promise.all(faces.map((face) => sharp(face).flop().jpeg().toBuffer()))),
  ];
  await Promise.all(
    variants.map((bytes, index) =>
      writeFile(path.join(photoDir, `face-${String(index).padStart(2, "0")}.jpg`), bytes),
    ),
  );
  await writeFile(groupPhotoFile(), await fixtures.groupPicture());
  await writeFile(noFacePhotoFile(), await fixtures.pictureWithoutFace());
  await writeFile(textNamedAsPhotoFile(), "This is a shopping list, not a photo.\n");
  await writeFile(path.join(photoDir, "done"), new Date().toISOString());
}
