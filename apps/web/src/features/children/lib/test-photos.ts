import type { UploadedPhoto } from "@wonderkin/contract";

/** An uploaded photo for tests: sharp, of the child, ranked first unless told otherwise. */
export function testPhoto(id: string, overrides: Partial<UploadedPhoto> = {}): UploadedPhoto {
  return {
    id,
    url: `/media/${id}.jpg?sig=1`,
    thumbnailUrl: `/media/${id}-thumb.jpg?sig=1`,
    width: 1200,
    height: 1600,
    blurry: false,
    originalName: `${id}.jpg`,
    createdAt: "2026-11-25T10:00:00.000Z",
    identity: "match",
    looksAdult: false,
    qualityRank: 1,
    qualityIssues: [],
    faceBox: { x: 0.3, y: 0.2, width: 0.4, height: 0.3 },
    ...overrides,
  };
}
