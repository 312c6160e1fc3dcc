import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import {
  acceptTermsEndpoint,
  addChildEndpoint,
  type Child,
  CONSENT_AGREEMENT_VERSION,
  FAMILY_HEADER,
  getUploadedImagesEndpoint,
  keepPhotoEndpoint,
  studioIntroSeenEndpoint,
  type UploadedPhoto,
  uploadSinglePhotoPath,
} from "@wonderkin/contract";

/** The signed-in parent's bearer token and current family, as this page's API client sends them. */
export async function requestHeaders(page: Page): Promise<Record<string, string>> {
  const { token, familyId } = await page.evaluate(() => ({
    token: localStorage.getItem("wonderkin.session-token"),
    familyId: localStorage.getItem("wonderkin.organization-id"),
  }));
  expect(token, "a session token in local storage").toBeTruthy();
  expect(familyId, "a current family in local storage").toBeTruthy();
  return { authorization: `Bearer ${token}`, [FAMILY_HEADER]: familyId ?? "" };
}

/** Consents and adds a child to the parent's current family through the API (for tests about other things). */
export async function addChildThroughApi(
  page: Page,
  child: { firstName: string; age: number; gender: "boy" | "girl" },
): Promise<Child> {
  const headers = await requestHeaders(page);
  const consent = await page.request.post(acceptTermsEndpoint.path, {
    headers,
    data: {
      version: CONSENT_AGREEMENT_VERSION,
      confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
    },
  });
  expect(consent.status()).toBe(200);
  const added = await page.request.post(addChildEndpoint.path, { headers, data: child });
  expect(added.status()).toBe(200);
  return (await added.json()) as Child;
}

/** Uploads one training photo of a child through the API (for tests about other things). */
export async function uploadPhotoThroughApi(
  page: Page,
  childId: number,
  file: string,
): Promise<UploadedPhoto> {
  const response = await page.request.post(uploadSinglePhotoPath, {
    headers: await requestHeaders(page),
    multipart: {
      childId: String(childId),
      file: { name: path.basename(file), mimeType: "image/jpeg", buffer: await readFile(file) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { photo: UploadedPhoto }).photo;
}

/** Records that the signed-in parent has seen a child's studio introduction (for tests about the studio itself). */
export async function skipStudioIntroThroughApi(page: Page, childId: number): Promise<void> {
  const response = await page.request.post(studioIntroSeenEndpoint.path, {
    headers: await requestHeaders(page),
    data: { childId },
  });
  expect(response.status()).toBe(200);
}

/**
 * Answers "is it the child?" for every photo that looks like an adult (the test faces are adults'),
 * as the parent would with "Yes, keep it": training waits for these answers (decision 0058).
 */
export async function keepAdultLookingPhotosThroughApi(page: Page, childId: number): Promise<void> {
  const headers = await requestHeaders(page);
  const listed = await page.request.post(getUploadedImagesEndpoint.path, { headers, data: { childId } });
  expect(listed.status()).toBe(200);
  const { photos } = (await listed.json()) as { photos: UploadedPhoto[] };
  for (const photo of photos.filter((candidate) => candidate.looksAdult)) {
    const kept = await page.request.post(keepPhotoEndpoint.path, {
      headers,
      data: { childId, photoId: photo.id },
    });
    expect(kept.status()).toBe(200);
  }
}
