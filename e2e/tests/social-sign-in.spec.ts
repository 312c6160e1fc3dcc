import { authMessages } from "@wonderkin/contract";
import { expect, test } from "../support/fixtures";
import { newParent, signUpThroughUi } from "../support/flows";
import { setProviderIdentity, uniqueEmail } from "../support/mailbox";

// One local provider plays both Google and Facebook; who signs in there is set per test.
test.describe.configure({ mode: "serial" });

test.describe("Google and Facebook sign-in (local OAuth provider)", () => {
  test("a new parent signs in with Google: account created, verified, names from the profile", async ({
    page,
  }) => {
    const email = uniqueEmail("google");
    await setProviderIdentity(page.request, {
      sub: `google-${Date.now()}`,
      email,
      givenName: "Grace",
      familyName: "Hopper",
    });
    await page.goto("/sign-in");
    await page.getByRole("button", { name: /Google/ }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    await page.goto("/account/settings");
    await expect(page.getByLabel("First name")).toHaveValue("Grace");
    await expect(page.getByLabel(/Last name/)).toHaveValue("Hopper");

    // Signing in again with Google finds the same account.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByRole("button", { name: /Google/ }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
  });

  test("a new parent signs in with Facebook", async ({ page }) => {
    await setProviderIdentity(page.request, {
      sub: `facebook-${Date.now()}`,
      email: uniqueEmail("facebook"),
      givenName: "Frida",
      familyName: "Kahlo",
    });
    await page.goto("/sign-up");
    await page.getByRole("button", { name: /Facebook/ }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
  });

  test("an e-mail that already has a password account is told which methods to use", async ({ page }) => {
    const parent = newParent("Hedy");
    await signUpThroughUi(page, parent);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await setProviderIdentity(page.request, {
      sub: `facebook-${Date.now()}`,
      email: parent.email,
      givenName: "Hedy",
      familyName: "Lamarr",
    });
    await page.goto("/sign-in");
    await page.getByRole("button", { name: /Facebook/ }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(
      page.getByText(authMessages.accountExistsWithMethods("your password or an e-mail link")),
    ).toBeVisible();
  });
});
