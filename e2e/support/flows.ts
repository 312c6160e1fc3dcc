import { expect, type Page } from "@playwright/test";
import { uniqueEmail, waitForMailLink } from "./mailbox";

export const PASSWORD = "a long enough password";

export type Parent = { firstName: string; email: string; password: string };

export function newParent(firstName = "Ada"): Parent {
  return { firstName, email: uniqueEmail(firstName.toLowerCase()), password: PASSWORD };
}

/** Signs up through the page, as a parent would, and lands on /verify. */
export async function signUpThroughUi(page: Page, parent: Parent): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill(parent.firstName);
  await page.getByLabel("E-mail").fill(parent.email);
  await page.getByLabel("Password", { exact: true }).fill(parent.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify$/);
}

/** Opens the verification link from the outbox in this page. */
export async function verifyThroughMail(page: Page, parent: Parent): Promise<void> {
  const link = await waitForMailLink(page.request, parent.email, "email-verification");
  // Not waiting for the load event: the page moves on 1.5 s after it shows the confirmation, and on a
  // busy machine the load event can come later than that (seen in a busy CI run).
  await page.goto(link, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: /confirmed/i })).toBeVisible();
}

/**
 * A verified parent, signed in, at their first page after verification: without a plan yet, that is
 * the plans page (spec §2). Tests that need a plan buy one (support/billing.ts).
 */
export async function signUpVerified(page: Page, parent: Parent = newParent()): Promise<Parent> {
  await signUpThroughUi(page, parent);
  await verifyThroughMail(page, parent);
  // The page moves on by itself 1.5 s after the confirmation; Continue is there for the impatient.
  // On a busy machine the page may win the race, and the link is gone before it can be clicked.
  await page
    .getByRole("link", { name: /continue/i })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/kids\/select-plan$/);
  return parent;
}

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The alert a page shows above its form. */
export function formAlert(page: Page) {
  return page.getByRole("alert").filter({ hasNotText: /^$/ }).first();
}
