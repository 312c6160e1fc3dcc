import { describe, expect, it } from "vitest";
import { eyeAspectRatio, frontality } from "../../src/image-work/faces/face-geometry";
import { looksAdult } from "../../src/modules/photos/age-plausibility";
import {
  bytesToDescriptor,
  childIdentity,
  descriptorToBytes,
  faceDistance,
  photosNotOfTheChild,
} from "../../src/modules/photos/face-identity";
import { rankPhotos } from "../../src/modules/photos/photo-quality";

/** A descriptor `offset` away from `base` along one axis (distances are then exact). */
const near = (base: number[], axis: number, offset: number) =>
  base.map((value, index) => (index === axis ? value + offset : value));
const personA = Array.from({ length: 128 }, (_, index) => Math.sin(index) / 10);
const personB = near(personA, 5, 0.8);
const personC = near(personA, 9, -0.8);
const THRESHOLD = 0.5;

describe("who a child's photos show", () => {
  it("keeps a descriptor exactly through its stored bytes", () => {
    const bytes = descriptorToBytes(personA);
    expect(bytes.length).toBe(512);
    expect(faceDistance(bytesToDescriptor(bytes), personA)).toBeLessThan(1e-6);
  });

  it("takes the first photos undecided, pairwise, and resolves at the third", () => {
    const two = childIdentity(
      [
        { id: "a1", descriptor: personA },
        { id: "b1", descriptor: personB },
      ],
      THRESHOLD,
    );
    expect(two.established).toBe(false);
    expect([...two.identities.values()]).toEqual(["undecided", "undecided"]);

    const three = childIdentity(
      [
        { id: "a1", descriptor: personA },
        { id: "b1", descriptor: personB },
        { id: "a2", descriptor: near(personA, 1, 0.2) },
      ],
      THRESHOLD,
    );
    expect(three.established).toBe(true);
    expect(Object.fromEntries(three.identities)).toEqual({ a1: "match", b1: "different", a2: "match" });
    expect(photosNotOfTheChild(three)).toEqual(["b1"]);
  });

  it("takes the largest group as the child, its medoid as the reference", () => {
    const photos = [
      { id: "b1", descriptor: personB },
      { id: "b2", descriptor: near(personB, 2, 0.1) },
      { id: "a1", descriptor: personA },
      { id: "a2", descriptor: near(personA, 3, 0.15) },
      { id: "a3", descriptor: near(personA, 4, -0.15) },
    ];
    const identity = childIdentity(photos, THRESHOLD);
    expect(identity.reference).toEqual(personA);
    expect(photosNotOfTheChild(identity).sort()).toEqual(["b1", "b2"]);
  });

  it("settles a tie between two groups for the earliest photo's group", () => {
    const identity = childIdentity(
      [
        { id: "c1", descriptor: personC },
        { id: "a1", descriptor: personA },
        { id: "c2", descriptor: near(personC, 1, 0.1) },
        { id: "a2", descriptor: near(personA, 1, 0.1) },
      ],
      THRESHOLD,
    );
    expect(photosNotOfTheChild(identity).sort()).toEqual(["a1", "a2"]);
  });

  it("flags nobody's set as all undecided when no two photos agree", () => {
    const identity = childIdentity(
      [
        { id: "a", descriptor: personA },
        { id: "b", descriptor: personB },
        { id: "c", descriptor: personC },
      ],
      THRESHOLD,
    );
    expect(identity.established).toBe(false);
    expect(photosNotOfTheChild(identity).sort()).toEqual(["a", "b", "c"]);
  });
});

describe("a photo that looks like an adult", () => {
  it("asks only well beyond the child's age, never for teenagers, and not once kept", () => {
    expect(looksAdult({ estimatedAge: 30, keptDespiteAge: false }, 6)).toBe(true);
    expect(looksAdult({ estimatedAge: 14, keptDespiteAge: false }, 6)).toBe(false);
    expect(looksAdult({ estimatedAge: 19, keptDespiteAge: false }, 10)).toBe(false);
    expect(looksAdult({ estimatedAge: 30, keptDespiteAge: false }, 16)).toBe(false);
    expect(looksAdult({ estimatedAge: 30, keptDespiteAge: true }, 6)).toBe(false);
    expect(looksAdult({ estimatedAge: null, keptDespiteAge: false }, 6)).toBe(false);
  });
});

describe("ranking a child's photos", () => {
  const good = {
    sharpness: 200,
    blurry: false,
    faceShare: 0.4,
    frontality: 0.95,
    eyeOpenness: 0.3,
    nearbyFaces: 0,
    descriptor: personA,
  };
  it("puts the sharp, large, frontal, lone, child-like photo first and says why the others rank low", () => {
    const ranks = rankPhotos(
      [
        { ...good, id: "blurry", sharpness: 20, blurry: true },
        { ...good, id: "small", faceShare: 0.12 },
        { ...good, id: "best" },
        { ...good, id: "closed", eyeOpenness: 0.1 },
        { ...good, id: "crowd", nearbyFaces: 1 },
        { ...good, id: "turned", frontality: 0.2 },
        { ...good, id: "unlike", descriptor: near(personA, 0, 0.45) },
      ],
      personA,
      THRESHOLD,
    );
    expect(ranks.get("best")).toMatchObject({ rank: 1, issues: [] });
    expect(ranks.get("blurry")?.issues).toEqual(["blurry"]);
    expect(ranks.get("small")?.issues).toEqual(["faceSmall"]);
    expect(ranks.get("closed")?.issues).toEqual(["eyesClosed"]);
    expect(ranks.get("crowd")?.issues).toEqual(["anotherFace"]);
    expect(ranks.get("turned")?.issues).toEqual(["turnedAway"]);
    expect(ranks.get("unlike")?.rank).toBeGreaterThan(1);
    expect(new Set([...ranks.values()].map((ranked) => ranked.rank)).size).toBe(7);
  });
});

describe("face geometry from the landmarks", () => {
  it("measures an open and a closed eye", () => {
    const eye = (opening: number) => [
      { x: 0, y: 0 },
      { x: 1, y: -opening },
      { x: 2, y: -opening },
      { x: 3, y: 0 },
      { x: 2, y: opening },
      { x: 1, y: opening },
    ];
    expect(eyeAspectRatio(eye(0.45))).toBeCloseTo(0.3);
    expect(eyeAspectRatio(eye(0.1))).toBeLessThan(0.1);
  });

  it("tells a frontal face from a turned one by where the nose sits", () => {
    const face = (noseX: number) => {
      const points = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
      for (let index = 36; index < 42; index++) points[index] = { x: 30, y: 40 };
      for (let index = 42; index < 48; index++) points[index] = { x: 70, y: 40 };
      points[30] = { x: noseX, y: 60 };
      return points;
    };
    expect(frontality(face(50))).toBe(1);
    expect(frontality(face(62))).toBeCloseTo(0.4);
    expect(frontality(face(72))).toBe(0);
  });
});
