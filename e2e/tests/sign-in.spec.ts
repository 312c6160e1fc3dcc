import { authMessages } from "@wonderkin/contract";
import { expect, test } from "../support/fixtures";
import { formAlert, newParent, signInThroughUi, signUpThroughUi, signUpVerified } from "../support/flows";
import { uniqueEmail } from "../support/mailbox";

const ADMIN_TOKEN = "e2e-admin-token-that-is-long-enough-0123456789";

test.describe("signing in with e-mail and password: every message of spec §8", () => {
  test("an unknown e-mail", async ({ page }) => {
    await signInThroughUi(page, uniqueEmail("nobody"), "whatever password");
    await expect(formAlert(page)).toHaveText(authMessages.emailNotRegistered);
  });

  test("a wrong password", async ({ page }) => {
    const parent = newParent();
    await signUpThroughUi(page, parent);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInThroughUi(page, parent.email, "not the right password");
    await expect(formAlert(page)).toHaveText(authMessages.wrongPassword);
  });

  test("an invalid e-mail", async ({ page }) => {
    await signInThroughUi(page, "not-an-email", "whatever password");
    await expect(page.getByText(authMessages.invalidEmail)).toBeVisible();
  });

  test("a disabled account", async ({ page, request }) => {
    const parent = newParent();
    await signUpThroughUi(page, parent);
    const disabled = await request.post("/api/admin/users/set-disabled", {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { email: parent.email, disabled: true },
    });
    expect(disabled.status()).toBe(200);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInThroughUi(page, parent.email, parent.password);
    await expect(formAlert(page)).toHaveText(authMessages.accountDisabled);
  });

  test("too many failed attempts, even with the right password afterwards", async ({ page }) => {
    const parent = newParent();
    await signUpThroughUi(page, parent);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInThroughUi(page, parent.email, `wrong password ${attempt}`);
      await expect(formAlert(page)).toHaveText(authMessages.wrongPassword);
    }
    await signInThroughUi(page, parent.email, parent.password);
    await expect(formAlert(page)).toHaveText(authMessages.tooManyRequests);
  });

  test("anything else", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/net::ERR_FAILED/);
    await page.route("**/api/auth/sign-in/email", (route) => route.abort("failed"));
    await signInThroughUi(page, uniqueEmail(), "whatever password");
    await expect(formAlert(page)).toHaveText(authMessages.signInFailed);
  });
});

test.describe("where signing in leads", () => {
  test("a verified parent signs in and lands in the product; sign-in and sign-up then redirect", async ({
    page,
  }) => {
    const parent = await signUpVerified(page);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInThroughUi(page, parent.email, parent.password);
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    for (const path of ["/sign-in", "/sign-up"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/kids\/select-plan$/);
    }
  });

  test("a deep link survives sign-in through returnUrl", async ({ page }) => {
    const parent = await signUpVerified(page);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto("/account/settings");
    await expect(page).toHaveURL(/\/sign-up\?returnUrl=%2Faccount%2Fsettings$/);
    await page.getByRole("link", { name: "Sign in" }).last().click();
    // Both pages have an "E-mail" field: wait for the sign-in page before typing.
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await page.getByLabel("E-mail").fill(parent.email);
    await page.getByLabel("Password", { exact: true }).fill(parent.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
  });

  test("a returnUrl to another site is ignored", async ({ page }) => {
    const parent = await signUpVerified(page);
    await page.goto(`/sign-in?returnUrl=${encodeURIComponent("https://evil.example/")}`);
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    expect(parent.email).toContain("@");
  });
});
