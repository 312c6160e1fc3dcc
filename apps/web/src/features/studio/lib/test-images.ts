import type { GeneratedImage } from "@wonderkin/contract";
import { testImage } from "@/entities/studio/test-images";

export { testImage };

/** A portrait waiting for a free renderer: next in line, about 5 s away unless told otherwise. */
export const pendingImage = (id: string, overrides: Partial<GeneratedImage> = {}) =>
  testImage(id, {
    status: "pending",
    progress: 0,
    queuePosition: 0,
    estimatedSeconds: 5,
    url: null,
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
