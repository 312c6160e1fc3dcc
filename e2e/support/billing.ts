import { expect, type Page } from "@playwright/test";
import {
  adjustCreditsEndpoint,
  completeCheckoutEndpoint,
  createCheckoutSessionEndpoint,
  type PlanId,
} from "@wonderkin/contract";

/** The admin token the e2e server is started with (playwright.config.ts). */
export const ADMIN_TOKEN = "e2e-admin-token-that-is-long-enough-0123456789";

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem("wonderkin.session-token"));
  expect(token, "a session token in local storage").toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/**
 * Buys a plan as a parent would: on the plans page, the cycle, "Choose …", then Pay on the built-in
 * checkout. Ends where the checkout leads, with the success toast shown.
 */
export async function buyPlanThroughUi(
  page: Page,
  {
    planName,
    cycle = "monthly",
  }: { planName: "Alchemist" | "Magician" | "Oracle"; cycle?: "monthly" | "yearly" },
): Promise<void> {
  if (!/\/kids\/select-plan/.test(page.url())) await page.goto("/kids/select-plan");
  await expect(page.getByRole("heading", { name: /^(Choose|Change) your plan$/ })).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(`^${cycle}`, "i") }).check();
  await page.getByRole("button", { name: `Choose ${planName}` }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText(new RegExp(`^${planName} is active: \\d+ images are yours\\.$`))).toBeVisible();
}

/**
 * A plan for tests about other things: bought and paid through the API (the local checkout), then
 * the page reloaded so the app reads it.
 */
export async function buyPlanThroughApi(page: Page, planId: PlanId = 1): Promise<void> {
  const headers = await bearer(page);
  const created = await page.request.post(createCheckoutSessionEndpoint.path, { headers, data: { planId } });
  expect(created.status()).toBe(200);
  const { sessionId } = (await created.json()) as { sessionId: string };
  const paid = await page.request.post(completeCheckoutEndpoint.path, { headers, data: { sessionId } });
  expect(paid.status()).toBe(200);
  await page.reload();
}

/** A support adjustment of a parent's credits through the admin API; answers the new balance. */
export async function adjustCredits(page: Page, email: string, delta: number, note: string): Promise<number> {
  const response = await page.request.post(adjustCreditsEndpoint.path, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { email, delta, note },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totalCredits: number }).totalCredits;
}
