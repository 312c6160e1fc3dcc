import type { GeneratedImage } from "@wonderkin/contract";
import { testImage } from "@/entities/studio/test-images";

/** A free preview for tests, finished unless told otherwise. */
export function testPreview(id: string, overrides: Partial<GeneratedImage> = {}): GeneratedImage {
  return testImage(id, { kind: "preview", childId: 7, watermarked: true, ...overrides });
}

/** A preview still being made (rendering, 40 % done unless told otherwise). */
export const makingPreview = (id: string, overrides: Partial<GeneratedImage> = {}) =>
  testPreview(id, {
    status: "processing",
    progress: 40,
    url: null,
    width: null,
    height: null,
    completedAt: null,
    ...overrides,
  });
