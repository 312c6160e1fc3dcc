import type { UploadedPhoto } from "@wonderkin/contract";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { postAs, type TestParent } from "./families";

/**
 * Answers "This looks like an adult — is it the child?" with "Yes, keep it" for every photo that
 * asks, as a parent does before training (decision 0058). The test faces are adults', so a young
 * child's photos ask; tests about other things answer first.
 */
export async function keepAdultLookingPhotos(
  app: FastifyInstance,
  as: TestParent,
  childId: number,
): Promise<void> {
  const listed = await postAs(app, "/api/image/getUploadedImages", as, as.familyId, { childId });
  expect(listed.statusCode, listed.body).toBe(200);
  const photos: UploadedPhoto[] = listed.json().photos;
  for (const photo of photos.filter((candidate) => candidate.looksAdult)) {
    const kept = await postAs(app, "/api/image/keep", as, as.familyId, { childId, photoId: photo.id });
    expect(kept.statusCode, kept.body).toBe(200);
  }
}
