import { existsSync } from "node:fs";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Photos for the browser tests, written once per run by the global setup (photo-setup.ts) and
 * read by the specs as files, the way a parent picks them. Real faces (the server accepts only
 * photos with exactly one clear face) come from the face detector's own sample pictures.
 */
export const photoDir = path.join(os.tmpdir(), `wonderkin-e2e-photos-v5-${process.env.E2E_PORT ?? 3100}`);

/**
 * `count` different photos of "the child": one person (the server checks that every photo shows
 * the same child), the head turned and in front of other backdrops so that none is a near-copy of
 * another (decision 0055). At most 12.
 */
export async function childPhotoFiles(count: number): Promise<string[]> {
  const names = (await readdir(photoDir)).filter((name) => name.startsWith("face-")).sort();
  if (names.length < count)
    throw new Error(`Only ${names.length} test photos in ${photoDir}; ${count} wanted`);
  return names.slice(0, count).map((name) => path.join(photoDir, name));
}

/**
 * How long a test waits for photos to be checked and added: a hang detector, not a speed limit. The
 * server checks each photo (faces, who they are) in the image-work pool; ten of them took over a
 * minute in a CI run on a machine loaded 30 deep.
 */
export const PHOTO_CHECKS = { timeout: 180_000 };

/** The face detector's own sample group photo (nobody in it is the child). */
export const groupPhotoFile = () => path.join(photoDir, "group-photo.jpg");
/**
 * Four people in a row, the child first from the left: child photo `face-00`'s head among three
 * other sample faces. Upload it instead of face-00 (the two would be near-copies).
 */
export const groupWithChildPhotoFile = () => path.join(photoDir, "birthday-table.jpg");
export const GROUP_WITH_CHILD_SHOT = 0;
/** A clear photo of one face that is not the child's. */
export const someoneElsePhotoFile = () => path.join(photoDir, "someone-else.jpg");
export const noFacePhotoFile = () => path.join(photoDir, "a-tree.jpg");
/** The first child photo mirrored and turned 6°: a near-copy of it, which the server refuses. */
export const nearCopyPhotoFile = () => path.join(photoDir, "near-copy.jpg");
/** Text with a photo's name: only the server, reading the bytes, can tell. */
export const textNamedAsPhotoFile = () => path.join(photoDir, "not-a-photo", "photo.jpg");

/** Writes the photos (faces, a group, no face, a text file) unless this run already has them. */
export async function writeTestPhotos(): Promise<void> {
  if (existsSync(path.join(photoDir, "done"))) return;
  // Loaded only here: the face detector (TensorFlow.js) is heavy and only the setup needs it.
  const fixtures = await import("@wonderkin/server/test-fixtures/face-pictures");
  await rm(photoDir, { recursive: true, force: true });
  await mkdir(path.join(photoDir, "not-a-photo"), { recursive: true });
  const variants = await fixtures.samePersonPictures(12);
  const stranger = (await fixtures.singleFacePictures())[fixtures.STRANGER];
  if (!stranger) throw new Error("No stranger among the sample faces");
  await writeFile(someoneElsePhotoFile(), stranger);
  await Promise.all(
    variants.map((bytes, index) =>
      writeFile(path.join(photoDir, `face-${String(index).padStart(2, "0")}.jpg`), bytes),
    ),
  );
  const [, , , mirroredAndTurned] = await fixtures.nearCopies(variants[0] as Buffer);
  if (!mirroredAndTurned) throw new Error("No near-copy of the first child photo");
  await writeFile(nearCopyPhotoFile(), mirroredAndTurned);
  await writeFile(groupPhotoFile(), await fixtures.groupPicture());
  const group = (await fixtures.groupsWithChild())[GROUP_WITH_CHILD_SHOT];
  if (!group) throw new Error("No group photo with the child");
  await writeFile(groupWithChildPhotoFile(), group.bytes);
  await writeFile(noFacePhotoFile(), await fixtures.pictureWithoutFace());
  await writeFile(textNamedAsPhotoFile(), "This is a shopping list, not a photo.\n");
  await writeFile(path.join(photoDir, "done"), new Date().toISOString());
}
