import { type FaceBox, type GeneratedImage, photoErrorCodes, type UploadedPhoto } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childPhoto, generatedImage } from "../../src/db/schema";
import { faceDistance } from "../../src/image-work/faces/face-distance";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { createImageWork } from "../../src/image-work/image-work";
import { findFaces, preparePhoto } from "../../src/image-work/photos/process-photo";
import { bytesToDescriptor } from "../../src/modules/photos/face-identity";
import { findTheChild } from "../../src/modules/photos/find-the-child";
import { renderPortraitJob, trainChildJob } from "../../src/modules/studio/studio-job-specs";
import { createTestApp, type TestApp } from "../create-test-app";
import { keepAdultLookingPhotos } from "../support/answer-photo-questions";
import {
  type GroupMember,
  type GroupWithChild,
  groupPhoto,
  groupPicture,
  groupsWithChild,
  SAME_PERSON,
  samePersonPictures,
  sampleFaceDescriptor,
  singleFacePictures,
} from "../support/face-pictures";
import { postAs, type TestParent } from "../support/families";
import { upload, uploadForm } from "../support/photos";
import { parentWithChild, workQueued } from "../support/studio";

/**
 * Group photos (issue 31): a photo of several people is taken when one of them is the child, and
 * only a square around the child is kept, every other face blurred. The group photos are made of
 * the face detector's sample faces (adults: there are no photos of children), the child's face
 * from the same-person shots, the others from different people.
 */
let t: TestApp;
let shots: Buffer[];
let faces: Buffer[];
let groups: GroupWithChild[];
let strangers: Buffer[];
let strangerDescriptors: number[][];
let childDescriptor: number[];
const detector = createTfjsFaceDetector();
const THRESHOLD = 0.5;

beforeAll(async () => {
  t = await createTestApp({ PHOTOS_MIN_PER_CHILD: "10", PHOTOS_MAX_PER_CHILD: "12", FACE_DETECTION: "on" });
  shots = await samePersonPictures(12);
  faces = await singleFacePictures();
  groups = await groupsWithChild();
  strangers = [0, 1, 2, 5, 6, 7].flatMap((index) => (index === SAME_PERSON ? [] : [faces[index] as Buffer]));
  strangerDescriptors = await Promise.all(strangers.map((face) => sampleFaceDescriptor(face, detector)));
  childDescriptor = await sampleFaceDescriptor(shots[0] as Buffer, detector);
});
afterAll(() => t.close());

/** Two people in a plain row, `left` and `right` any pictures, at the same size. */
const pair = (left: Buffer, right: Buffer) =>
  groupPhoto(
    [
      { picture: left, x: 0.3, y: 0.5, size: 520 },
      { picture: right, x: 0.7, y: 0.5, size: 520 },
    ],
    { width: 1300, height: 800 },
  );

const call = (as: TestParent, path: string, body: unknown) => postAs(t.app, path, as, as.familyId, body);

function send(as: TestParent, childId: number, bytes: Buffer, faceAt?: { x: number; y: number }) {
  const form = new FormData();
  form.append("childId", String(childId));
  if (faceAt) form.append("faceAt", `${faceAt.x},${faceAt.y}`);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "group.jpg");
  return upload(t.app, "/api/image/single-image-upload", as, as.familyId, form);
}

const centreOf = (box: FaceBox) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** The box the page would show over `member` (the one whose centre is nearest theirs). */
function boxOf(faces: FaceBox[], member: GroupMember): FaceBox {
  const distance = (box: FaceBox) => Math.hypot(centreOf(box).x - member.x, centreOf(box).y - member.y);
  const [nearest] = [...faces].sort((a, b) => distance(a) - distance(b));
  if (!nearest) throw new Error("no faces to choose from");
  return nearest;
}

async function emptyChild(firstName: string) {
  return parentWithChild(t, { firstName, planId: 3, photos: 0 });
}

async function rowsOf(childId: number) {
  return t.database.db.select().from(childPhoto).where(eq(childPhoto.childId, childId));
}

/** Every face the detector finds in a stored file, with how far each is from the child's. */
async function facesIn(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const faces = await detector.describe({ data, width: info.width, height: info.height });
  return faces.map((face) => ({
    child: faceDistance(face.descriptor, childDescriptor),
    nearestStranger: Math.min(...strangerDescriptors.map((other) => faceDistance(face.descriptor, other))),
  }));
}

/**
 * What a test can check of "only the child is kept": every stored file (photo and thumbnail) shows
 * exactly one face, the child's, and every row's descriptor is the child's and nobody else's.
 */
async function expectOnlyTheChildKept(childId: number) {
  const rows = await rowsOf(childId);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const stored = await facesIn((await t.storage.get(row.storageKey)) as Buffer);
    expect(stored, row.id).toHaveLength(1);
    expect(stored[0]?.child, row.id).toBeLessThanOrEqual(THRESHOLD);
    expect(stored[0]?.nearestStranger, row.id).toBeGreaterThan(THRESHOLD);
    const thumbnail = await facesIn((await t.storage.get(row.thumbnailKey)) as Buffer);
    expect(thumbnail.length, row.id).toBeLessThanOrEqual(1);
    const descriptor = bytesToDescriptor(row.faceDescriptor as Buffer);
    expect(faceDistance(descriptor, childDescriptor), row.id).toBeLessThanOrEqual(THRESHOLD);
    for (const other of strangerDescriptors)
      expect(faceDistance(descriptor, other)).toBeGreaterThan(THRESHOLD);
    expect(row.faceCount).toBe(1);
    expect(row.nearbyFaces).toBe(0);
  }
}

describe("group photos", { timeout: 120_000 }, () => {
  it("asks the parent to tap their child while there is no reference, then keeps only the child", async () => {
    const { parent, childId } = await emptyChild("Tess");
    const layout = groups[3] as GroupWithChild;
    const group = layout.bytes;

    const asked = await send(parent, childId, group);
    expect(asked.statusCode, asked.body).toBe(422);
    expect(asked.json()).toMatchObject({ code: photoErrorCodes.chooseChild });
    expect(asked.json().message).toMatch(/4 people.*Tap Luna/);
    const choices: FaceBox[] = asked.json().details.faces;
    expect(choices).toHaveLength(4);
    expect(await rowsOf(childId)).toEqual([]);

    // A tap between the faces is on nobody; a malformed one is a bad request.
    const nowhere = await send(parent, childId, group, { x: 0.5, y: 0.05 });
    expect(nowhere.json()).toMatchObject({ code: photoErrorCodes.noFaceThere });
    const malformed = await send(parent, childId, group, { x: 2, y: 0.5 });
    expect(malformed.statusCode).toBe(400);

    const tapped = await send(parent, childId, group, centreOf(boxOf(choices, layout.child)));
    expect(tapped.statusCode, tapped.body).toBe(200);
    const photo: UploadedPhoto = tapped.json().photo;
    // The sample faces are adults': the question a young child's adult-looking photo gets is asked.
    expect(photo.looksAdult).toBe(true);
    // A square around the child's face, the face outlined by its box.
    expect(photo.width).toBe(photo.height);
    expect(photo.faceBox).not.toBeNull();
    const box = photo.faceBox as FaceBox;
    expect(box.width).toBeGreaterThan(0.15);
    expect(centreOf(box).x).toBeGreaterThan(0.3);
    expect(centreOf(box).x).toBeLessThan(0.7);
    await expectOnlyTheChildKept(childId);
  });

  it("finds the child by their reference face, refuses a group without them, and asks between lookalikes", async () => {
    const { parent, childId } = await parentWithChild(t, {
      firstName: "Rui",
      planId: 3,
      photos: 2,
      photoBytes: [shots[10] as Buffer, shots[11] as Buffer],
    });
    // The child anywhere in the row, at any size, overlapped by a neighbour.
    const someGroups = groups.slice(0, 4);
    for (const [index, group] of someGroups.entries()) {
      const response = await send(parent, childId, group.bytes);
      expect(response.statusCode, `group ${index}: ${response.body}`).toBe(200);
    }

    const strangersOnly = await send(parent, childId, await pair(faces[2] as Buffer, faces[5] as Buffer));
    expect(strangersOnly.statusCode).toBe(422);
    expect(strangersOnly.json()).toMatchObject({ code: photoErrorCodes.childNotFound });
    expect(strangersOnly.json().message).toContain("none of them looks like Luna");

    // Two faces both like the child (the same person twice, as twins would be): the parent chooses.
    const twins = await send(parent, childId, await pair(shots[10] as Buffer, shots[11] as Buffer));
    expect(twins.statusCode).toBe(422);
    expect(twins.json()).toMatchObject({ code: photoErrorCodes.chooseChild });
    expect(twins.json().message).toContain("look a lot like Luna");
    expect(twins.json().details.faces).toHaveLength(2);

    expect(await rowsOf(childId)).toHaveLength(2 + someGroups.length);
    await expectOnlyTheChildKept(childId);
  });

  it("finds each person of the face detector's own group sample by their face alone", async () => {
    const imageWork = createImageWork({ threads: 0 });
    const { analysis, ...processed } = await preparePhoto(await groupPicture(), { maxBytes: 20e6 });
    const found = await findFaces(detector, analysis);
    expect(found.faceCount).toBeGreaterThanOrEqual(3);
    const descriptors = await Promise.all(faces.map((face) => sampleFaceDescriptor(face, detector)));
    let picked = 0;
    for (const person of found.clearFaces) {
      // The sample crop of this person, as a one-photo set's reference face.
      const reference = descriptors.find((descriptor) => faceDistance(descriptor, person.descriptor) < 0.35);
      if (!reference) continue;
      const kept = await findTheChild(
        { imageWork, faceMatchThreshold: THRESHOLD, faceDetector: detector },
        { processed, analysis, faces: found },
        { reference, tappedAt: null, childName: "Luna" },
      );
      expect(kept.faces.allFaces).toHaveLength(1);
      expect(faceDistance(kept.faces.face?.descriptor ?? [], reference)).toBeLessThanOrEqual(THRESHOLD);
      for (const other of descriptors.filter((descriptor) => descriptor !== reference)) {
        expect(faceDistance(kept.faces.face?.descriptor ?? [], other)).toBeGreaterThan(THRESHOLD);
      }
      picked += 1;
    }
    expect(picked).toBeGreaterThanOrEqual(2);
  });

  it("refuses a photo of more people than it can tell apart", async () => {
    const { parent, childId } = await emptyChild("Nia");
    const crowd: GroupMember[] = Array.from({ length: 9 }, (_, index) => ({
      picture: strangers[index % strangers.length] as Buffer,
      x: 0.18 + (index % 3) * 0.32,
      y: 0.18 + Math.floor(index / 3) * 0.32,
      size: 380,
    }));
    const response = await send(parent, childId, await groupPhoto(crowd, { width: 1200, height: 1200 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: photoErrorCodes.tooManyFaces });
    expect(await rowsOf(childId)).toEqual([]);
  });

  it("trains a child from ten group photos alone, and every portrait looks like the child", async () => {
    const { parent, childId } = await emptyChild("Ode");
    // The first asks (no reference yet) and is tapped; the rest find the child on their own, in one batch.
    const first = groups[0] as GroupWithChild;
    const firstBytes = first.bytes;
    const asked = await send(parent, childId, firstBytes);
    expect(asked.json().code).toBe(photoErrorCodes.chooseChild);
    const tapped = await send(
      parent,
      childId,
      firstBytes,
      centreOf(boxOf(asked.json().details.faces, first.child)),
    );
    expect(tapped.statusCode, tapped.body).toBe(200);
    const rest = await upload(
      t.app,
      "/api/image/upload",
      parent,
      parent.familyId,
      uploadForm(
        childId,
        await Promise.all(
          groups.slice(1).map(async (group, index) => ({ name: `group-${index}.jpg`, bytes: group.bytes })),
        ),
      ),
    );
    expect(rest.statusCode, rest.body).toBe(200);
    const results = rest.json().results as { status: string; code?: string }[];
    expect(results.map((result) => result.code ?? result.status)).toEqual(Array(9).fill("accepted"));
    await expectOnlyTheChildKept(childId);

    await keepAdultLookingPhotos(t.app, parent, childId);
    const started = await call(parent, "/api/children/training/start", { childId });
    expect(started.statusCode, started.body).toBe(200);
    await workQueued(t, [trainChildJob.name]);
    const generated = await call(parent, "/api/generation/generate", {
      childId,
      styleId: "astronaut",
      count: 4,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const ids = (generated.json().images as GeneratedImage[]).map((image) => image.id);
    await workQueued(t, [renderPortraitJob.name]);
    const portraits = await t.database.db
      .select()
      .from(generatedImage)
      .where(eq(generatedImage.childId, childId));
    const mine = portraits.filter((row) => ids.includes(row.id));
    expect(mine).toHaveLength(4);
    for (const portrait of mine) {
      expect(portrait.status).toBe("succeeded");
      expect(portrait.likeness).toBe("passed");
    }
  });
});
