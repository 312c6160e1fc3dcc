import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createTfjsFaceDetector } from "@wonderkin/server/face-detector";
import { childIdentity, faceDistance } from "@wonderkin/server/face-identity";
import { analysisCopy, findFaces } from "@wonderkin/server/photo-processing";
import { portraitPicture, singleFacePictures } from "@wonderkin/server/test-fixtures/face-pictures";
import sharp, { type Sharp } from "sharp";
import { resultsDir } from "./harness/write-results";

/*
 * How well the face descriptor's distance tells people apart on the test faces, at the thresholds
 * the photo check (FACE_MATCH_THRESHOLD) and the portrait likeness check (LIKENESS_THRESHOLD)
 * could use. Not a benchmark (`npm run bench` does not run it):
 *
 *   npx tsx bench/src/calibrate-face-threshold.ts
 *
 * Prints its tables and writes bench/results/face-threshold-calibration.json (or into
 * BENCH_RESULTS_DIR). Everything goes through the product's own code: the 416-px analysis copy,
 * `findFaces` (the clear-face rule of an upload), the TensorFlow.js describer, `faceDistance` and,
 * for the reference face, `childIdentity`.
 */

const THRESHOLDS = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6];
/** The threshold `childIdentity` groups a child's photos with when the reference face is made. */
const REFERENCE_THRESHOLD = 0.5;

type Descriptor = number[];
type FaceDetector = ReturnType<typeof createTfjsFaceDetector>;
type DescribedFace = Awaited<ReturnType<FaceDetector["describe"]>>[number];
type Point = { x: number; y: number };
type Size = { width: number; height: number };

/**
 * One change to a sample face, as a parent's other photos of the same person might differ: the
 * picture made from the original, and where a point of the original (0–1 of its width and height)
 * lands in it (0–1 of the new picture), to tell the subject's face from a neighbour's.
 */
type Variant = {
  name: string;
  make(face: Buffer, size: Size): Sharp | Promise<Buffer>;
  /** Defaults to "stays where it was" (light, blur, re-encoding). */
  moves?(point: Point, size: Size): Point;
};

const cropBox = (size: Size, left: number, top: number, share: number) => {
  const x = Math.round(size.width * left);
  const y = Math.round(size.height * top);
  return {
    left: x,
    top: y,
    width: Math.min(Math.round(size.width * share), size.width - x),
    height: Math.min(Math.round(size.height * share), size.height - y),
  };
};

function crop(name: string, left: number, top: number, share: number): Variant {
  return {
    name,
    make: (face, size) =>
      sharp(face)
        .extract(cropBox(size, left, top, share))
        .resize(720, 720, { fit: "outside" }),
    moves: (point, size) => {
      const box = cropBox(size, left, top, share);
      return {
        x: (point.x * size.width - box.left) / box.width,
        y: (point.y * size.height - box.top) / box.height,
      };
    },
  };
}

/** sharp turns clockwise by `degrees` on a canvas grown to fit (its corners filled grey). */
function rotation(degrees: number): Variant {
  const angle = (degrees * Math.PI) / 180;
  return {
    name: `rotated ${degrees > 0 ? "+" : ""}${degrees}°`,
    make: (face) => sharp(face).rotate(degrees, { background: "#777" }).resize(760, 760, { fit: "outside" }),
    moves: (point, size) => {
      const cos = Math.abs(Math.cos(angle));
      const sin = Math.abs(Math.sin(angle));
      const grown = {
        width: size.width * cos + size.height * sin,
        height: size.width * sin + size.height * cos,
      };
      const dx = (point.x - 0.5) * size.width;
      const dy = (point.y - 0.5) * size.height;
      return {
        x: (dx * Math.cos(angle) - dy * Math.sin(angle)) / grown.width + 0.5,
        y: (dx * Math.sin(angle) + dy * Math.cos(angle)) / grown.height + 0.5,
      };
    },
  };
}

/** The original first; then the changes a same-person set is made of, and a few more. */
const VARIANTS: Variant[] = [
  { name: "original", make: async (face) => face },
  {
    name: "mirrored",
    make: (face) => sharp(face).flop(),
    moves: (point) => ({ x: 1 - point.x, y: point.y }),
  },
  crop("cropped top left 85 %", 0, 0, 0.85),
  crop("cropped bottom right 85 %", 0.15, 0.15, 0.85),
  crop("cropped centre 80 %", 0.1, 0.1, 0.8),
  rotation(6),
  rotation(-6),
  { name: "brighter (×1.15)", make: (face) => sharp(face).modulate({ brightness: 1.15 }) },
  { name: "darker (×0.85)", make: (face) => sharp(face).modulate({ brightness: 0.85 }) },
  { name: "slight blur (σ 1.2)", make: (face) => sharp(face).blur(1.2) },
  { name: "JPEG quality 60", make: (face) => sharp(face).jpeg({ quality: 60 }).toBuffer() },
];

/** A picture of one person, described: `person` is the index of the sample face. */
type Described = { person: number; variant: string; descriptor: Descriptor };
type Skipped = { person: number; variant: string; reason: string };

/**
 * The faces describe finds in the analysis copy, through the product's clear-face rule
 * (`findFaces`): the detector is wrapped so the rule and this script see the same faces.
 */
async function describeAsUpload(
  detector: FaceDetector,
  picture: Buffer,
): Promise<{ clearFaces: number; faces: DescribedFace[]; size: Size }> {
  const small = await analysisCopy(picture);
  let faces: DescribedFace[] = [];
  const recording: FaceDetector = {
    detect: (rgb) => detector.detect(rgb),
    describe: async (rgb) => {
      faces = await detector.describe(rgb);
      return faces;
    },
  };
  const findings = await findFaces(recording, small);
  return {
    clearFaces: findings.faceCount,
    faces,
    size: { width: small.info.width, height: small.info.height },
  };
}

const area = (face: DescribedFace) => face.width * face.height;
const largest = (faces: DescribedFace[]) =>
  faces.reduce<DescribedFace | null>((best, face) => (best && area(best) >= area(face) ? best : face), null);

/** The face's box, grown by a quarter on each side, holds the point (in pixels). */
function holds(face: DescribedFace, point: Point): boolean {
  const marginX = face.width * 0.25;
  const marginY = face.height * 0.25;
  return (
    point.x >= face.x - marginX &&
    point.x <= face.x + face.width + marginX &&
    point.y >= face.y - marginY &&
    point.y <= face.y + face.height + marginY
  );
}

/**
 * Every sample face and its variants that describe finds exactly one clear face in, the largest
 * face taken (when small ones are around it); a variant whose largest face is not where the
 * subject's face went (a neighbour at the edge of the crop) is skipped.
 */
async function describeSamples(
  detector: FaceDetector,
  faces: Buffer[],
): Promise<{ described: Described[]; skipped: Skipped[] }> {
  const described: Described[] = [];
  const skipped: Skipped[] = [];
  for (const [person, face] of faces.entries()) {
    const { width = 0, height = 0 } = await sharp(face).metadata();
    const size = { width, height };
    const original = await describeAsUpload(detector, face);
    const subject = largest(original.faces);
    if (!subject) {
      skipped.push({ person, variant: "every variant", reason: "no face in the original" });
      continue;
    }
    // Where the subject's face sits in the original, as shares of its width and height.
    const centre = {
      x: (subject.x + subject.width / 2) / original.size.width,
      y: (subject.y + subject.height / 2) / original.size.height,
    };
    for (const variant of VARIANTS) {
      const made = variant.make(face, size);
      const picture = made instanceof Promise ? await made : await made.jpeg({ quality: 90 }).toBuffer();
      const result = variant.name === "original" ? original : await describeAsUpload(detector, picture);
      const name = variant.name;
      if (result.clearFaces !== 1) {
        skipped.push({ person, variant: name, reason: `${result.clearFaces} clear faces` });
        continue;
      }
      const chosen = largest(result.faces);
      const moved = variant.moves?.(centre, size) ?? centre;
      const expected = { x: moved.x * result.size.width, y: moved.y * result.size.height };
      if (!chosen || !holds(chosen, expected)) {
        skipped.push({ person, variant: name, reason: "the largest face is a neighbour's" });
        continue;
      }
      described.push({ person, variant: name, descriptor: chosen.descriptor });
    }
  }
  return { described, skipped };
}

/** Two pictures compared: `a` and `b` name them ("face 3, mirrored", "portrait of face 3"). */
type Pair = { same: boolean; distance: number; a: string; b: string };

type Population = { pairs: number; minDistance: number; medianDistance: number; maxDistance: number };

type ThresholdRow = {
  threshold: number;
  samePairs: number;
  differentPairs: number;
  /** Same-person pairs farther apart than the threshold: the real child refused. */
  falseRejects: number;
  falseRejectRate: number;
  /** Different-person pairs at or within the threshold: someone else taken for the child. */
  falseAccepts: number;
  falseAcceptRate: number;
};

type Calibration = {
  same: Population;
  different: Population;
  thresholds: ThresholdRow[];
  /** Where the two populations come closest: the same-person pairs farthest apart… */
  farthestSamePairs: NamedPair[];
  /** …and the different-person pairs nearest each other. */
  nearestDifferentPairs: NamedPair[];
};

type NamedPair = { a: string; b: string; distance: number };

const EXTREMES = 5;

const named = (pairs: Pair[]): NamedPair[] =>
  pairs.map(({ a, b, distance }) => ({ a, b, distance: round(distance) }));

function population(distances: number[]): Population {
  const sorted = [...distances].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length === 0
      ? Number.NaN
      : sorted.length % 2 === 1
        ? (sorted[Math.floor(middle)] ?? Number.NaN)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    pairs: sorted.length,
    minDistance: round(sorted[0] ?? Number.NaN),
    medianDistance: round(median),
    maxDistance: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

function calibrate(pairs: Pair[]): Calibration {
  const samePairs = pairs.filter((pair) => pair.same).sort((x, y) => y.distance - x.distance);
  const differentPairs = pairs.filter((pair) => !pair.same).sort((x, y) => x.distance - y.distance);
  const same = samePairs.map((pair) => pair.distance);
  const different = differentPairs.map((pair) => pair.distance);
  return {
    same: population(same),
    different: population(different),
    thresholds: THRESHOLDS.map((threshold) => {
      const falseRejects = same.filter((distance) => distance > threshold).length;
      const falseAccepts = different.filter((distance) => distance <= threshold).length;
      return {
        threshold,
        samePairs: same.length,
        differentPairs: different.length,
        falseRejects,
        falseRejectRate: round(same.length > 0 ? falseRejects / same.length : Number.NaN),
        falseAccepts,
        falseAcceptRate: round(different.length > 0 ? falseAccepts / different.length : Number.NaN),
      };
    }),
    farthestSamePairs: named(samePairs.slice(0, EXTREMES)),
    nearestDifferentPairs: named(differentPairs.slice(0, EXTREMES)),
  };
}

const pictureName = (picture: Described) => `face ${picture.person}, ${picture.variant}`;

/** Photos against photos: every pair of described pictures, same person or not. */
function photoPairs(described: Described[]): Pair[] {
  const pairs: Pair[] = [];
  for (let a = 0; a < described.length; a++) {
    for (let b = a + 1; b < described.length; b++) {
      const first = described[a] as Described;
      const second = described[b] as Described;
      pairs.push({
        same: first.person === second.person,
        distance: faceDistance(first.descriptor, second.descriptor),
        a: pictureName(first),
        b: pictureName(second),
      });
    }
  }
  return pairs;
}

type DescribedPortrait = { person: number; faces: Descriptor[] };

/**
 * Each person's portrait by the local image model (`portraitPicture`, astronaut, seed 1), described
 * as the likeness check describes a finished portrait: its analysis copy, every face in it.
 */
async function describePortraits(detector: FaceDetector, faces: Buffer[]): Promise<DescribedPortrait[]> {
  const portraits: DescribedPortrait[] = [];
  for (const [person, face] of faces.entries()) {
    const small = await analysisCopy(await portraitPicture(face));
    const found = await detector.describe({
      data: small.data,
      width: small.info.width,
      height: small.info.height,
    });
    portraits.push({ person, faces: found.map((one) => one.descriptor) });
  }
  return portraits;
}

/** As the likeness check decides: the portrait's face closest to the one it is compared with. */
const closest = (portrait: DescribedPortrait, descriptor: Descriptor) =>
  Math.min(...portrait.faces.map((face) => faceDistance(face, descriptor)));

/** Portraits against photos: the child's own photos (same) and everyone else's (different). */
function portraitPhotoPairs(portraits: DescribedPortrait[], described: Described[]): Pair[] {
  return portraits
    .filter((portrait) => portrait.faces.length > 0)
    .flatMap((portrait) =>
      described.map((photo) => ({
        same: photo.person === portrait.person,
        distance: closest(portrait, photo.descriptor),
        a: `portrait of face ${portrait.person}`,
        b: pictureName(photo),
      })),
    );
}

/**
 * Portraits against each person's reference face, what the likeness check really compares with:
 * the medoid `childIdentity` picks from that person's described photos.
 */
function portraitReferencePairs(portraits: DescribedPortrait[], described: Described[]): Pair[] {
  const people = [...new Set(described.map((photo) => photo.person))];
  const references = people.flatMap((person) => {
    const photos = described
      .filter((photo) => photo.person === person)
      .map((photo) => ({ id: photo.variant, descriptor: photo.descriptor }));
    const { reference } = childIdentity(photos, REFERENCE_THRESHOLD);
    return reference ? [{ person, reference: Array.from(reference) }] : [];
  });
  return portraits
    .filter((portrait) => portrait.faces.length > 0)
    .flatMap((portrait) =>
      references.map(({ person, reference }) => ({
        same: person === portrait.person,
        distance: closest(portrait, reference),
        a: `portrait of face ${portrait.person}`,
        b: `reference face of face ${person}`,
      })),
    );
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const describePair = (pair: NamedPair) => `${pair.distance.toFixed(3)} (${pair.a} / ${pair.b})`;

function printCalibration(title: string, calibration: Calibration): void {
  const { same, different } = calibration;
  const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
  const rows = [
    ["threshold", "same pairs", "different pairs", "false rejects", "FRR", "false accepts", "FAR"],
    ...calibration.thresholds.map((row) => [
      row.threshold.toFixed(2),
      String(row.samePairs),
      String(row.differentPairs),
      String(row.falseRejects),
      percent(row.falseRejectRate),
      String(row.falseAccepts),
      percent(row.falseAcceptRate),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const range = (name: string, stats: Population) =>
    `${name}: ${stats.pairs} pairs, distance min ${stats.minDistance.toFixed(3)}, median ${stats.medianDistance.toFixed(3)}, max ${stats.maxDistance.toFixed(3)}`;
  console.log(
    [
      "",
      title,
      range("same person", same),
      range("different people", different),
      "",
      ...rows.map((row) =>
        row
          .map((cell, column) =>
            column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
          )
          .join("  "),
      ),
      "",
      `farthest same: ${calibration.farthestSamePairs.map(describePair).join("; ")}`,
      `nearest different: ${calibration.nearestDifferentPairs.map(describePair).join("; ")}`,
    ].join("\n"),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const detector = createTfjsFaceDetector();
  const faces = await singleFacePictures();
  process.stderr.write(`describing ${faces.length} sample faces × ${VARIANTS.length} variants\n`);
  const { described, skipped } = await describeSamples(detector, faces);
  for (const skip of skipped) {
    process.stderr.write(`  skipped face ${skip.person}, ${skip.variant}: ${skip.reason}\n`);
  }
  process.stderr.write("rendering and describing a portrait of each\n");
  const portraits = await describePortraits(detector, faces);

  const photos = calibrate(photoPairs(described));
  const portraitsVsPhotos = calibrate(portraitPhotoPairs(portraits, described));
  const portraitsVsReference = calibrate(portraitReferencePairs(portraits, described));
  printCalibration("photos: same person vs different people (pairs of described photos)", photos);
  printCalibration(
    "portraits vs photos: the child's own photos (same) vs everyone else's (different)",
    portraitsVsPhotos,
  );
  printCalibration(
    "portraits vs reference faces (the medoid childIdentity picks, as the likeness check compares)",
    portraitsVsReference,
  );

  const require = createRequire(import.meta.url);
  const faceApiVersion = (require("@vladmandic/face-api/package.json") as { version: string }).version;
  const json = {
    script: "bench/src/calibrate-face-threshold.ts",
    date: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { node: process.version, platform: `${process.platform} ${process.arch}` },
    faceApi: faceApiVersion,
    method:
      "Each sample face of singleFacePictures() and its variants, made into the 416-px analysis copy and " +
      "described (detector, landmarks, descriptor); kept when findFaces counts exactly one clear face, the " +
      "largest face (box area) taken, skipped when that face is not where the subject's face went (a " +
      "neighbour's). Same pairs: every pair of one person's kept pictures (original and variants); different " +
      "pairs: every pair of kept pictures of two people. A false reject is a same pair above the threshold, a " +
      "false accept a different pair at or below it. Portraits: portraitPicture(face) of each person (astronaut, " +
      "seed 1), its analysis copy described and its closest face taken (as the likeness check does), against " +
      "every kept picture (same person or not) and against each person's reference face (childIdentity's " +
      `medoid at ${REFERENCE_THRESHOLD}).`,
    variants: VARIANTS.map((variant) => variant.name),
    people: faces.length,
    pictures: {
      kept: described.length,
      keptPerPerson: faces.map((_, person) => described.filter((photo) => photo.person === person).length),
      skipped,
    },
    portraits: portraits.map((portrait) => ({ person: portrait.person, faces: portrait.faces.length })),
    photos,
    portraitsVsPhotos,
    portraitsVsReference,
  };
  const dir = process.env.BENCH_RESULTS_DIR ? path.resolve(process.env.BENCH_RESULTS_DIR) : resultsDir;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "face-threshold-calibration.json");
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nwritten to ${file} (${os.cpus().length} cores, ${json.seconds} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
