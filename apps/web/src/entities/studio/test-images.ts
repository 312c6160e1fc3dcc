import type { GeneratedImage } from "@wonderkin/contract";

/** A portrait for tests, finished unless told otherwise. */
export function testImage(id: string, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  return {
    id,
    kind: "portrait",
    childId: 1,
    styleId: "astronaut",
    status: "succeeded",
    progress: 100,
    queuePosition: null,
    estimatedSeconds: null,
    url: `/media/${id}.webp?sig=1`,
    width: 1024,
    height: 1280,
    watermarked: false,
    error: null,
    requestedByUserId: "user-1",
    regeneratedFromId: null,
    likeness: null,
    favourite: false,
    printed: false,
    createdAt: "2026-11-22T10:00:00.000Z",
    completedAt: "2026-11-22T10:00:20.000Z",
    ...overrides,
  };
}
