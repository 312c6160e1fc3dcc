import type { GeneratedImage } from "@wonderkin/contract";

/** A portrait for tests, finished unless told otherwise. */
export function testImage(id: string, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  return {
    id,
    childId: 1,
    styleId: "astronaut",
    status: "succeeded",
    progress: 100,
    queuePosition: null,
    estimatedSeconds: null,
    url: `/media/${id}.webp?sig=1`,
    thumbnailUrl: `/media/${id}-thumb.webp?sig=1`,
    downloadUrl: `/media/${id}.webp?sig=1&download=1`,
    width: 1024,
    height: 1280,
    watermarked: false,
    error: null,
    requestedByUserId: "user-1",
    regeneratedFromId: null,
    likeness: null,
    createdAt: "2026-11-22T10:00:00.000Z",
    completedAt: "2026-11-22T10:00:20.000Z",
    ...overrides,
  };
}

/** A portrait waiting for a free renderer: next in line, about 5 s away unless told otherwise. */
export const pendingImage = (id: string, overrides: Partial<GeneratedImage> = {}) =>
  testImage(id, {
    status: "pending",
    progress: 0,
    queuePosition: 0,
    estimatedSeconds: 5,
    url: null,
    thumbnailUrl: null,
    downloadUrl: null,
    width: null,
    height: null,
    completedAt: null,
    ...overrides,
  });

/** A portrait being rendered: out of the queue, 40 % done, about 4 s to go unless told otherwise. */
export const processingImage = (id: string, overrides: Partial<GeneratedImage> = {}) =>
  pendingImage(id, {
    status: "processing",
    progress: 40,
    queuePosition: null,
    estimatedSeconds: 4,
    ...overrides,
  });
