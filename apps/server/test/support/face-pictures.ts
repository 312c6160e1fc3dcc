import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { cropFace } from "../../src/image-work/faces/crop-face";
import { createTfjsFaceDetector } from "../../src/image-work/faces/tfjs-face-detector";
import { processPhoto } from "../../src/image-work/photos/process-photo";
import { renderLocalPortrait } from "../../src/image-work/portraits/local-portrait-renderer";

/*
 * Pictures of real faces for tests, benchmarks and browser tests, made from the sample photos that
 * ship inside the face detector's npm package (nothing is downloaded). Shared through the server
 * package's `./test-fixtures/face-pictures` export.
 */

const require = createRequire(import.meta.url);
const demoDir = path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "demo");

let facesLoading: Promise<Buffer[]> | null = null;

/**
 * Finding the faces takes TensorFlow a while (tens of seconds on a busy machine), so the pictures
 * are kept on disk, per face-api version: the test run's global setup makes them once and every
 * test file, benchmark and browser test then just reads them.
 */
const faceApiVersion = (require("@vladmandic/face-api/package.json") as { version: string }).version;
const cacheDir = path.join(os.tmpdir(), `wonderkin-face-pictures-${faceApiVersion}-v1`);

async function readCachedFaces(): Promise<Buffer[] | null> {
  try {
    const names = (await readdir(cacheDir)).filter((name) => name.endsWith(".jpg")).sort();
    if (names.length < 8) return null;
    return await Promise.all(names.map((name) => readFile(path.join(cacheDir, name))));
  } catch {
    return null;
  }
}

/** Written to a temporary folder and renamed into place, so a reader never sees half a cache. */
async function cacheFaces(faces: Buffer[]): Promise<void> {
  const staging = await mkdtemp(`${cacheDir}-staging-`);
  await Promise.all(
    faces.map((face, index) => writeFile(path.join(staging, `${String(index).padStart(2, "0")}.jpg`), face)),
  );
  await rename(staging, cacheDir).catch(() => rm(staging, { recursive: true, force: true }));
}

/**
 * Real single-face pictures for tests: every face of the face detector's own sample photos (they
 * ship in its npm package), cropped with a margin and kept only if the detector then sees exactly
 * one clear face through the product's own photo pipeline. Made once per machine (see the cache).
 */
export function singleFacePictures(): Promise<Buffer[]> {
  facesLoading ??= (async () => {
    const cached = await readCachedFaces();
    if (cached) return cached;
    const detector = createTfjsFaceDetector();
    const faces: Buffer[] = [];
    for (let sample = 1; sample <= 6; sample++) {
      const file = path.join(demoDir, `sample${sample}.jpg`);
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (const box of await detector.detect({ data, width: info.width, height: info.height })) {
        const margin = Math.max(box.width, box.height) * 0.9;
        const left = Math.max(0, Math.round(box.x - margin));
        const top = Math.max(0, Math.round(box.y - margin));
        const width = Math.min(info.width - left, Math.round(box.width + 2 * margin));
        const height = Math.min(info.height - top, Math.round(box.height + 2 * margin));
        const crop = await sharp(file)
          .extract({ left, top, width, height })
          .resize(720, 720, { fit: "outside" })
          .jpeg()
          .toBuffer();
        // Kept only if the product's own pipeline accepts it as one clear face.
        const accepted = await processPhoto(crop, {
          maxBytes: 20 * 1024 * 1024,
          faceDetector: detector,
        }).then(
          (processed) => processed.faces?.faceCount === 1,
          () => false,
        );
        if (accepted) faces.push(crop);
      }
    }
    if (faces.length < 8) throw new Error(`Only ${faces.length} single-face test pictures could be made`);
    await cacheFaces(faces);
    return faces;
  })();
  return facesLoading;
}

/** A sample photo with several people in it. */
export async function groupPicture(): Promise<Buffer> {
  return sharp(path.join(demoDir, "sample1.jpg")).jpeg().toBuffer();
}

/** A picture with no face at all (a drawing of shapes and text). */
export async function pictureWithoutFace(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"><rect width="100%" height="100%" fill="#8ac"/><rect x="100" y="100" width="300" height="500" fill="#c84"/><text x="450" y="400" font-size="80">A tree</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Where the sample face's box sits in its picture (its centre over the picture's size). */
const FACE_CENTRE = { x: 0.495, y: 0.566 };
const DARK = "#15171c";
const LIGHT = "#f2efe8";

/**
 * What is behind the head: a wall shaded from one colour to another across `angle` (a plain wall
 * when the two are close, a lamp to one side when they are not), a window's light towards `angle`
 * from the middle, or a lit doorway in a dark room.
 */
type Backdrop =
  | { wall: [string, string]; angle: number }
  | { window: true; angle: number }
  | { doorway: true };

/** One shot of the sample face: the head turned in the frame, in front of a backdrop of its own. */
type Shot = { turn: number; backdrop?: Backdrop };

const svg = (width: number, height: number, body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);

function backdropPicture(backdrop: Backdrop, width: number, height: number): Buffer {
  if ("doorway" in backdrop) {
    return svg(
      width,
      height,
      `<rect width="100%" height="100%" fill="${DARK}"/><rect x="${width * 0.3}" width="${width * 0.4}" height="${height}" fill="${LIGHT}"/>`,
    );
  }
  const radians = (backdrop.angle * Math.PI) / 180;
  if ("window" in backdrop) {
    const cx = 0.5 + 0.35 * Math.cos(radians);
    const cy = 0.5 + 0.35 * Math.sin(radians);
    return svg(
      width,
      height,
      `<defs><radialGradient id="g" cx="${cx}" cy="${cy}" r="0.45"><stop offset="0" stop-color="${LIGHT}"/><stop offset="1" stop-color="${DARK}"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
    );
  }
  const dx = Math.cos(radians) / 2;
  const dy = Math.sin(radians) / 2;
  const [from, to] = backdrop.wall;
  return svg(
    width,
    height,
    `<defs><linearGradient id="g" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}"><stop offset="0.35" stop-color="${from}"/><stop offset="0.65" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
  );
}

/**
 * The sample face as one shot: the head and hair cut out (a soft oval) and set in front of the
 * shot's backdrop, or the picture as it is, turned by `turn` degrees; a 720 px square from the
 * middle, so the face keeps its size.
 */
async function shotOf(face: Buffer, shot: Shot): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(face).metadata();
  let image = sharp(face);
  if (shot.backdrop) {
    const oval = svg(
      width,
      height,
      `<defs><filter id="soft"><feGaussianBlur stdDeviation="4"/></filter></defs><ellipse cx="${Math.round(width * FACE_CENTRE.x)}" cy="${Math.round(height * FACE_CENTRE.y)}" rx="${Math.round(width * 0.19)}" ry="${Math.round(height * 0.29)}" fill="#fff" filter="url(#soft)"/>`,
    );
    image = sharp(
      await image
        .ensureAlpha()
        .composite([{ input: oval, blend: "dest-in" }])
        .png()
        .toBuffer(),
    );
  }
  const turned = await image
    .rotate(shot.turn, { background: shot.backdrop ? "#0000" : "#3a3430" })
    .png()
    .toBuffer({ resolveWithObject: true });
  let scene = sharp(turned.data);
  if (shot.backdrop) {
    const ground = backdropPicture(shot.backdrop, turned.info.width, turned.info.height);
    scene = sharp(
      await sharp(ground)
        .composite([{ input: turned.data }])
        .png()
        .toBuffer(),
    );
  }
  const side = Math.min(720, turned.info.width, turned.info.height);
  return scene
    .extract({
      left: Math.round((turned.info.width - side) / 2),
      top: Math.round((turned.info.height - side) / 2),
      width: side,
      height: side,
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Twelve shots that the upload takes as different moments (decision 0055): the head turned by
 * −12°, 0°, 12° or 24° (a near-copy may be turned by up to 6°), or in front of another wall,
 * window or doorway. Chosen from 68 candidates so that every pair's face hashes are at least 16
 * bits of 64 apart (a near-copy is 14 or fewer), their whole-picture hashes at least 14 (a duplicate
 * is 6 or fewer), while their descriptors stay within 0.35 (one person; the identity threshold is
 * 0.5). test/photos/same-person-fixture.test.ts measures it.
 */
const SHOTS: Shot[] = [
  { turn: 0 },
  { turn: -12, backdrop: { doorway: true } },
  { turn: 12, backdrop: { wall: [DARK, LIGHT], angle: 315 } },
  { turn: 24, backdrop: { wall: [DARK, LIGHT], angle: 135 } },
  { turn: 24, backdrop: { window: true, angle: 45 } },
  { turn: -12, backdrop: { window: true, angle: 315 } },
  { turn: 24, backdrop: { wall: [DARK, LIGHT], angle: 225 } },
  { turn: 24 },
  { turn: 0, backdrop: { wall: [DARK, LIGHT], angle: 45 } },
  { turn: 0, backdrop: { window: true, angle: 135 } },
  { turn: -12, backdrop: { window: true, angle: 225 } },
  { turn: -12, backdrop: { wall: [DARK, "#23262e"], angle: 90 } },
];

/**
 * `count` photos of ONE person that the pipeline takes as different photos of one child: the one
 * sample face, its head turned and set in front of other backdrops (see SHOTS). Mirrored, cropped,
 * slightly turned or re-lit copies would be refused as near-copies (decision 0055). There are no
 * photos of children in the samples, and no two real photos of one person: these stand in for a
 * child's set. Checked through the product's own pipeline: each shows exactly one clear face.
 */
export async function samePersonPictures(count: number): Promise<Buffer[]> {
  if (count > SHOTS.length) throw new Error(`At most ${SHOTS.length} photos of one person`);
  const face = (await singleFacePictures())[SAME_PERSON] as Buffer;
  return Promise.all(SHOTS.slice(0, count).map((shot) => shotOf(face, shot)));
}

/**
 * Thirteen near-copies of one photo, the edits a phone or a second export makes: turned ±6°,
 * mirrored, padded, cropped, brighter and darker, and combinations (decision 0055).
 */
export async function nearCopies(photo: Buffer): Promise<Buffer[]> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const cut = (left: number, top: number, share: number) =>
    sharp(photo).extract({
      left: Math.round(width * left),
      top: Math.round(height * top),
      width: Math.floor(width * share),
      height: Math.floor(height * share),
    });
  const grey = { background: "#777" };
  const edits = [
    () => sharp(photo).flop(),
    () => sharp(photo).rotate(6, grey),
    () => sharp(photo).rotate(-6, grey),
    () => sharp(photo).flop().rotate(6, grey),
    () => sharp(photo).flop().rotate(-6, grey),
    () => sharp(photo).extend({ top: 80, bottom: 80, left: 80, right: 80, background: "#fff" }),
    () => sharp(photo).extend({ left: 240, background: "#224" }),
    () => cut(0, 0, 0.85),
    () => cut(0.15, 0.15, 0.84),
    () => cut(0.1, 0.1, 0.8).resize(width),
    () => sharp(photo).modulate({ brightness: 1.2 }),
    () => sharp(photo).modulate({ brightness: 0.8 }),
    () => cut(0.1, 0.1, 0.8).flop().modulate({ brightness: 1.15 }),
  ];
  return Promise.all(edits.map((edit) => edit().jpeg({ quality: 90 }).toBuffer()));
}

/**
 * The descriptor of a sample photo's face as the upload pipeline keeps it for the likeness check:
 * the largest face the detector describes in the photo (some samples show part of a neighbour).
 */
export async function sampleFaceDescriptor(
  picture: Uint8Array,
  detector: ReturnType<typeof createTfjsFaceDetector>,
): Promise<number[]> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const faces = await detector.describe({ data, width: info.width, height: info.height });
  const [face] = faces.sort((a, b) => b.width * b.height - a.width * a.height);
  if (!face) throw new Error("No face in the sample picture");
  return face.descriptor;
}
/** The sample face the same-person sets are made of (FACE_CENTRE is where its face sits). */
export const SAME_PERSON = 4;
/** Another sample face: someone who is not the child. */
export const STRANGER = 7;

/** The size of a provider's output: FLUX's ≈ 1 MP at 4:5. */
export const PROVIDER_PORTRAIT_SIZE = { width: 1024, height: 1280 };

type PortraitOptions = { styleId?: string; seed?: number; size?: { width: number; height: number } };

/**
 * A finished portrait of whoever `face` shows: the face drawn into a style's art, as an image
 * model's output would be, at a provider's native size. The Replicate fake returns it on request (a
 * portrait of the child, or of a stranger) for the likeness checks.
 */
export async function portraitPicture(face: Buffer, options: PortraitOptions = {}): Promise<Buffer> {
  return (await drawnPortrait(face, options)).picture;
}

/** As portraitPicture, with where the face was drawn, as the local model reports it. */
export async function drawnPortrait(face: Buffer, options: PortraitOptions = {}) {
  const detector = createTfjsFaceDetector();
  const crop = await cropFace({ bytes: face }, detector);
  return renderLocalPortrait(
    {
      face: crop,
      styleId: options.styleId ?? "astronaut",
      seed: options.seed ?? 1,
      size: options.size ?? PROVIDER_PORTRAIT_SIZE,
    },
    detector,
  );
}

/** One person in a group photo: a picture of their face, its centre on the canvas (fractions), its side in pixels. */
export type GroupMember = { picture: Buffer; x: number; y: number; size: number; zoom?: number };

/**
 * A group photo made of single-face pictures: each head cut out as a soft oval and set on a warm
 * room's wall, later members in front of earlier ones (so people overlap as at a birthday table).
 * There are no group photos of children in the samples: these stand in for siblings and cousins.
 */
export async function groupPhoto(
  members: GroupMember[],
  canvas: { width: number; height: number } = { width: 1200, height: 800 },
): Promise<Buffer> {
  const heads = await Promise.all(
    members.map(async (member) => {
      const side = Math.round(member.size);
      const oval = svg(
        side,
        side,
        `<defs><filter id="soft"><feGaussianBlur stdDeviation="${side / 60}"/></filter></defs><ellipse cx="${side / 2}" cy="${side * 0.5}" rx="${side * 0.4}" ry="${side * 0.49}" fill="#fff" filter="url(#soft)"/>`,
      );
      const { width = 0, height = 0 } = await sharp(member.picture).metadata();
      const zoom = member.zoom ?? 1;
      const head = await sharp(member.picture)
        .extract({
          left: Math.round((width - width / zoom) / 2),
          top: Math.round((height - height / zoom) / 2),
          width: Math.round(width / zoom),
          height: Math.round(height / zoom),
        })
        .resize(side, side, { fit: "cover" })
        .ensureAlpha()
        .composite([{ input: oval, blend: "dest-in" }])
        .png()
        .toBuffer();
      return {
        input: head,
        left: Math.round(member.x * canvas.width - side / 2),
        top: Math.round(member.y * canvas.height - side / 2),
      };
    }),
  );
  const wall = backdropPicture({ wall: ["#b98b62", "#e8d2b0"], angle: 20 }, canvas.width, canvas.height);
  return sharp(wall).composite(heads).flatten({ background: "#c9a27a" }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Ten group photos of one child (the same-person shots, the child's head shot `index` of group
 * `index`): two to four people side by side or standing close enough to overlap, the child at
 * either end or in the middle, every head its own size. `people` are sample faces by index (the
 * child's spot takes the shot instead). Picked, as the sample crops are, among layouts the small
 * face detector sees every face of (it misses some heads half hidden behind a neighbour, as it would
 * in a real photo) and whose kept squares are not near-copies of each other (one sample face in
 * twelve shots stands in for a child's many photos).
 */
const GROUP_LAYOUTS = [
  { childSpot: 0, overlap: true, sizes: [514, 551, 588, 505], people: [0, 1, 2, 5] },
  { childSpot: 1, overlap: false, sizes: [493, 530, 567], people: [5, 6, 7] },
  { childSpot: 0, overlap: true, sizes: [538, 575], people: [0, 1] },
  { childSpot: 2, overlap: true, sizes: [572, 489, 526, 563], people: [2, 5, 6, 7] },
  { childSpot: 1, overlap: true, sizes: [562, 479, 516], people: [0, 1, 2] },
  { childSpot: 1, overlap: false, sizes: [585, 502], people: [1, 2] },
  { childSpot: 2, overlap: true, sizes: [488, 525, 562, 479], people: [2, 5, 6, 7] },
  { childSpot: 1, overlap: false, sizes: [511, 548, 585], people: [5, 6, 7] },
  { childSpot: 1, overlap: false, sizes: [545, 582], people: [7, 0] },
  { childSpot: 1, overlap: true, sizes: [580, 497, 534], people: [0, 1, 2] },
];

/** A group photo with the child in it: who stands where, and the picture. */
export type GroupWithChild = { members: GroupMember[]; child: GroupMember; bytes: Buffer };

/** The ten group photos of GROUP_LAYOUTS; group `index` shows same-person shot `index`. */
export async function groupsWithChild(): Promise<GroupWithChild[]> {
  const shots = await samePersonPictures(GROUP_LAYOUTS.length);
  const faces = await singleFacePictures();
  return Promise.all(
    GROUP_LAYOUTS.map(async (layout, index) => {
      const largest = Math.max(...layout.sizes);
      const step = largest * (layout.overlap ? 0.66 : 0.85);
      const width = Math.round(step * (layout.sizes.length - 1) + largest + 80);
      const members = layout.sizes.map((size, spot): GroupMember => {
        const x = (40 + largest / 2 + step * spot) / width;
        const y = 0.5 + ((spot + index) % 2) * 0.04;
        const picture = spot === layout.childSpot ? shots[index] : faces[layout.people[spot] as number];
        return { picture: picture as Buffer, x, y, size };
      });
      const bytes = await groupPhoto(members, { width, height: 800 });
      return { members, child: members[layout.childSpot] as GroupMember, bytes };
    }),
  );
}
