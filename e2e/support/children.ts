import { expect, type Page } from "@playwright/test";
import {
  acceptTermsEndpoint,
  addChildEndpoint,
  type Child,
  CONSENT_AGREEMENT_VERSION,
  FAMILY_HEADER,
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
