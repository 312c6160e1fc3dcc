import { authMessages } from "@wonderkin/contract";
import { expect, test, waitingForTheApp } from "../support/fixtures";
import { formAlert, newParent, signUpThroughUi, verifyThroughMail } from "../support/flows";
import { waitForMailLink } from "../support/mailbox";

test.describe("sign-up and e-mail verification", () => {
  test("a parent signs up, is held on /verify, verifies from the e-mail and moves on", async ({ page }) => {
    const parent = newParent();
    await signUpThroughUi(page, parent);
    await expect(page.getByText(parent.email)).toBeVisible();

    // While unverified, every other page sends them back to /verify.
    for (const path of ["/kids/choose-theme", "/account/settings", "/sign-in"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/verify$/);
    }

    // "I've verified" before clicking the link: not yet.
    await page.getByRole("button", { name: "I've verified" }).click();
    await expect(page).toHaveURL(/\/verify$/);

    await verifyThroughMail(page, parent);
    await page.getByRole("link", { name: /continue/i }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    await page.goto("/verify");
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
  });

  test("'I've verified' moves on once the link was used elsewhere", async ({ page, browser }) => {
    const parent = newParent("Bea");
    await signUpThroughUi(page, parent);
    const link = await waitForMailLink(page.request, parent.email, "email-verification");
    // The parent opens the mail on their phone: another browser, signed out.
    const phone = await browser.newContext();
    const phonePage = waitingForTheApp(await phone.newPage());
    await phonePage.goto(link);
    await expect(phonePage.getByRole("heading", { name: /confirmed/i })).toBeVisible();
    await phone.close();

    await page.getByRole("button", { name: "I've verified" }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
  });

  test("a used verification link gets a clear page with a way to get a new one", async ({ page }) => {
    const parent = newParent("Cy");
    await signUpThroughUi(page, parent);
    const link = await waitForMailLink(page.request, parent.email, "email-verification");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: /confirmed/i })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  });

  test("an e-mail already in use sends the parent to sign-in with the spec's message", async ({ page }) => {
    const parent = newParent("Dee");
    await signUpThroughUi(page, parent);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Someone");
    await page.getByLabel("E-mail").fill(parent.email);
    await page.getByLabel("Password", { exact: true }).fill("another password here");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText(authMessages.emailInUse)).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(parent.email);
  });

  test("sign-up refuses an invalid e-mail and a short password on the page", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Eve");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText(authMessages.invalidEmail)).toBeVisible();
    await expect(page.getByText(/at least 8 characters/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test("a network failure during sign-up says so", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/net::ERR_FAILED/);
    await page.route("**/api/auth/create-user", (route) => route.abort("failed"));
    await page.goto("/sign-up");
    await page.getByLabel("First name").fill("Fay");
    await page.getByLabel("E-mail").fill(newParent().email);
    await page.getByLabel("Password", { exact: true }).fill("long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(formAlert(page)).toContainText(authMessages.signUpFailed);
  });
});
