import { expect, type Page } from "@playwright/test";
import {
  type GeneratedImage,
  generateEndpoint,
  type PlanId,
  predictionStatusEndpoint,
  startTrainingEndpoint,
  trainingStatusEndpoint,
} from "@wonderkin/contract";
import { buyPlanThroughApi } from "./billing";
import {
  addChildThroughApi,
  keepAdultLookingPhotosThroughApi,
  requestHeaders,
  uploadPhotoThroughApi,
} from "./children";
import { childPhotoFiles } from "./photos";

/**
 * How long a test waits for training or a portrait: the e2e server's local training takes 20 s, and
 * on a busy machine the photos' checks queue first.
 */
const STUDIO_WAIT = { timeout: 180_000, intervals: [1_000, 2_000] };

/**
 * Answers the adult-looking photos' questions, starts a child's training through the API and waits
 * until the model is ready.
 */
export async function trainChildThroughApi(page: Page, childId: number): Promise<void> {
  await keepAdultLookingPhotosThroughApi(page, childId);
  const headers = await requestHeaders(page);
  const started = await page.request.post(startTrainingEndpoint.path, { headers, data: { childId } });
  expect(started.status()).toBe(200);
  await expect
    .poll(async () => {
      const state = await page.request.post(trainingStatusEndpoint.path, { headers, data: { childId } });
      return ((await state.json()) as { status: string }).status;
    }, STUDIO_WAIT)
    .toBe("completed");
}

/** Asks for portraits of a trained child through the API and waits until every one has succeeded. */
export async function generateThroughApi(
  page: Page,
  childId: number,
  styleId: string,
  count = 1,
): Promise<string[]> {
  const headers = await requestHeaders(page);
  const generated = await page.request.post(generateEndpoint.path, {
    headers,
    data: { childId, styleId, count },
  });
  expect(generated.status()).toBe(200);
  const imageIds = ((await generated.json()) as { images: GeneratedImage[] }).images.map((image) => image.id);
  await expect
    .poll(async () => {
      const status = await page.request.post(predictionStatusEndpoint.path, { headers, data: { imageIds } });
      return ((await status.json()) as { images: GeneratedImage[] }).images.map((image) => image.status);
    }, STUDIO_WAIT)
    .toEqual(imageIds.map(() => "succeeded"));
  return imageIds;
}

/**
 * A parent on `planId` with a trained child (ten photos of one face) and one finished portrait in
 * `styleId`, all made through the API, for tests about what comes after.
 */
export async function trainedChildWithPortrait(
  page: Page,
  options: { planId?: PlanId; firstName: string; styleId: string },
): Promise<{ childId: number; imageId: string }> {
  await buyPlanThroughApi(page, options.planId);
  const child = await addChildThroughApi(page, { firstName: options.firstName, age: 6, gender: "girl" });
  for (const file of await childPhotoFiles(10)) await uploadPhotoThroughApi(page, child.id, file);
  await trainChildThroughApi(page, child.id);
  const [imageId] = await generateThroughApi(page, child.id, options.styleId);
  return { childId: child.id, imageId: imageId ?? "" };
}
