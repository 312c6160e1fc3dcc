import { authMessages } from "@wonderkin/contract";
import { expect, test, waitingForTheApp } from "../support/fixtures";
import { newParent, signUpThroughUi } from "../support/flows";
import { uniqueEmail, waitForMailLink } from "../support/mailbox";

async function askForLink(page: import("@playwright/test").Page, email: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

test.describe("signing in with an e-mail link (spec §5)", () => {
  test("asking without an e-mail says 'Email is required'", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByText(authMessages.emailRequired)).toBeVisible();
  });

  test("a new address gets a verified account straight from the link", async ({ page }) => {
    const email = uniqueEmail("linked");
    await askForLink(page, email);
    const link = await waitForMailLink(page.request, email, "email-link-sign-in");
    expect(link).toContain("/finalize-signup?token=");
    await page.goto(link);
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
  });

  test("in another browser it asks for the e-mail again; a used link is invalid", async ({
    page,
    browser,
  }) => {
    const parent = newParent();
    await signUpThroughUi(page, parent);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await askForLink(page, parent.email);
    const link = await waitForMailLink(page.request, parent.email, "email-link-sign-in");

    const other = await browser.newContext();
    const otherPage = waitingForTheApp(await other.newPage());
    await otherPage.goto(link);
    await expect(otherPage.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    await expect(otherPage.getByText(authMessages.emailRequired)).toBeVisible();
    // Another address does not open it, and does not use it up.
    await otherPage.getByLabel("E-mail").fill(uniqueEmail("someone-else"));
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    await expect(otherPage.getByText(authMessages.invalidSignInLink).first()).toBeVisible();
    await otherPage.goto(link);
    await otherPage.getByLabel("E-mail").fill(parent.email);
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    // Signed in; still unverified (password sign-up), so the guard holds them on /verify.
    await expect(otherPage).toHaveURL(/\/(verify|kids\/select-plan)$/);
    await other.close();

    await page.goto(link);
    await expect(page.getByText(authMessages.invalidSignInLink).first()).toBeVisible();
  });

  test("a malformed link is invalid", async ({ page }) => {
    await page.goto("/finalize-signup");
    await expect(page.getByText(authMessages.invalidSignInLink).first()).toBeVisible();
    // A fresh browser has no stored address, so the page asks for it first.
    await page.goto("/finalize-signup?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    await page.getByLabel("E-mail").fill(uniqueEmail());
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(authMessages.invalidSignInLink).first()).toBeVisible();
  });
});
