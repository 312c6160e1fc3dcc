import type { Page } from "@playwright/test";
import {
  authMessages,
  type Child,
  getChildrenEndpoint,
  privacyErrorCodes,
  privacyMessages,
  publicConfigEndpoint,
  REAUTH_WINDOW_MINUTES,
} from "@wonderkin/contract";
import { PUBLIC_CONFIG_ELEMENT_ID } from "@wonderkin/contract/rules";
import { buyPlanThroughApi } from "../support/billing";
import {
  addChildThroughApi,
  requestHeaders,
  skipStudioIntroThroughApi,
  uploadPhotoThroughApi,
} from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { formAlert, newParent, signInThroughUi, signUpVerified } from "../support/flows";
import { uniqueEmail, waitForMail, waitForMailLink } from "../support/mailbox";
import { childPhotoFiles } from "../support/photos";

type Retention = { trainingPhotosDays: number; unverifiedAccountDays: number };

const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

/** The two configurable rows of the privacy policy's retention table. */
async function expectRetentionShown(page: Page, retention: Retention) {
  const table = page.getByLabel("How long we keep each kind of data");
  await expect(table).toBeVisible();
  const row = (term: string) =>
    table.locator("div").filter({ has: page.getByRole("term").filter({ hasText: term }) });
  await expect(row("Training photos")).toContainText(
    `Deleted automatically ${days(retention.trainingPhotosDays)} after your child's model has finished training.`,
  );
  await expect(row("never confirmed")).toContainText(
    `${days(retention.unverifiedAccountDays)} after sign-up`,
  );
}

async function openYourData(page: Page) {
  await page.goto("/account/settings#your-data");
  const section = page.locator("#your-data");
  await expect(section.getByRole("heading", { name: "Your data", exact: true })).toBeVisible();
  return section;
}

test.describe("children's privacy", () => {
  test("a parent downloads all their data: progress, a link by e-mail, and a zip", async ({ page }) => {
    // The zip is made by a background job.
    test.setTimeout(120_000);
    const parent = await signUpVerified(page, newParent("Ada"));
    const mia = await addChildThroughApi(page, { firstName: "Mia", age: 5, gender: "girl" });
    const [photoFile] = await childPhotoFiles(1);
    await uploadPhotoThroughApi(page, mia.id, photoFile ?? "");
    const yourData = await openYourData(page);

    await yourData.getByRole("button", { name: "Download all your data" }).click();
    // The zip is prepared by a job; the page reads its progress until it is ready.
    const download = yourData.getByRole("link", { name: "Download zip" });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(yourData).toContainText("We also e-mailed you the link, which works for 24 hours.");
    await expect(yourData.getByRole("button", { name: "Prepare a new copy" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The e-mailed link downloads the zip.
    const link = await waitForMailLink(page.request, parent.email, "data-export-ready");
    const zip = await page.request.get(link);
    expect(zip.status()).toBe(200);
    const bytes = await zip.body();
    expect(bytes.length).toBeGreaterThan(100);
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(bytes.includes(Buffer.from("export.json"))).toBe(true);
    expect(bytes.includes(Buffer.from("photos/"))).toBe(true);

    // So does the page's own (freshly signed) link.
    const href = await download.getAttribute("href");
    expect(href).toBeTruthy();
    const fromPage = await page.request.get(href ?? "");
    expect(fromPage.status()).toBe(200);
    expect((await fromPage.body()).subarray(0, 2).toString("latin1")).toBe("PK");
  });

  test("deleting the account needs the e-mail and password, signs out, and the account is gone", async ({
    page,
  }) => {
    // Sign-up, a deletion and two accessibility scans: slower than most on a busy machine.
    test.setTimeout(120_000);
    const parent = await signUpVerified(page, newParent("Bea"));
    const yourData = await openYourData(page);
    await yourData.getByRole("button", { name: "Delete account" }).click();

    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toContainText(
      "Bea's family, with only you in it, is deleted with every child in it",
    );
    await expect(dialog).toContainText("Payment records are kept as tax law requires");
    const confirm = dialog.getByRole("button", { name: "Delete my account forever" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(`Type “${parent.email}” to confirm`).fill(` ${parent.email.toUpperCase()} `);
    await dialog.getByLabel("Your password").fill("not my password");
    await confirm.click();
    await expect(dialog.getByText(privacyMessages.wrongPassword)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await dialog.getByLabel("Your password").fill(parent.password);
    await confirm.click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText("Your account has been deleted.")).toBeVisible();
    await waitForMail(page.request, parent.email, "account-deleted");

    // Signing in no longer works: the address has no account.
    await signInThroughUi(page, parent.email, parent.password);
    await expect(formAlert(page)).toHaveText(authMessages.emailNotRegistered);

    // The privacy policy states the retention periods this deployment is configured with.
    const config = (await (await page.request.get(publicConfigEndpoint.path)).json()) as {
      retention: Retention;
    };
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { name: "Privacy policy", level: 1 })).toBeVisible();
    await expectRetentionShown(page, config.retention);
    await expect(page.getByRole("navigation", { name: "Contents" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("the privacy policy follows the configuration, whatever the periods", async ({ page }) => {
    // Another deployment's configuration: the page must show its numbers, not numbers of its own.
    // The server embeds its configuration in the page it serves (decision 0036), so the page is
    // served as that deployment's would be.
    const retention = { trainingPhotosDays: 17, unverifiedAccountDays: 1 };
    await page.route("**/privacy-policy", async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const embedded = new RegExp(
        `(<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">)([^<]*)(</script>)`,
      );
      const config = JSON.parse(embedded.exec(html)?.[2] ?? "null") as Record<string, unknown>;
      expect(config, "the configuration embedded in the page").toBeTruthy();
      const json = JSON.stringify({ ...config, retention }).replace(/</g, "\\u003c");
      await route.fulfill({
        response,
        body: html.replace(embedded, (_match, open, _old, close) => `${open}${json}${close}`),
      });
    });
    await page.goto("/privacy-policy");
    await expectRetentionShown(page, { trainingPhotosDays: 17, unverifiedAccountDays: 1 });
    await expect(
      page.getByText("Training photos are deleted 17 days after training.", { exact: true }),
    ).toBeVisible();
    // The face descriptors go with their photos, so they follow the same period.
    await expect(
      page
        .getByLabel("How long we keep each kind of data")
        .locator("div")
        .filter({ has: page.getByRole("term").filter({ hasText: "Face descriptors" }) }),
    ).toContainText("deleted 17 days after training");
    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "Who can see it" })
      .click();
    await expect(page).toHaveURL(/#who-can-see-it$/);
    await expect(page.getByRole("heading", { name: "Who can see it" })).toBeInViewport();
  });

  test("an account without a password is asked to sign in again, then deletes", async ({ page }) => {
    // Two sign-ins by e-mail link and a deletion.
    test.setTimeout(120_000);
    // A new address signing in by e-mail link gets a verified account with no password.
    const email = uniqueEmail("linked");
    const signInByLink = async () => {
      await page.goto("/sign-in");
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await page.goto(await waitForMailLink(page.request, email, "email-link-sign-in"));
      await expect(page).toHaveURL(/\/kids\//);
    };
    await signInByLink();

    // A sign-in older than the window is what the server refuses; a fresh session cannot be made
    // old here, so the first attempt is answered as the server would then.
    let refused = false;
    await page.route("**/api/user/delete", async (route) => {
      if (refused) return route.fallback();
      refused = true;
      return route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({
          code: privacyErrorCodes.reauthenticationRequired,
          message: privacyMessages.reauthenticationRequired,
        }),
      });
    });

    let yourData = await openYourData(page);
    await yourData.getByRole("button", { name: "Delete account" }).click();
    let dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText("Your account has no password")).toBeVisible();
    await expect(dialog.getByLabel("Your password")).toHaveCount(0);
    await dialog.getByLabel(`Type “${email}” to confirm`).fill(email);
    await dialog.getByRole("button", { name: "Delete my account forever" }).click();
    await expect(dialog.getByText(privacyMessages.reauthenticationRequired)).toBeVisible();
    await dialog.getByRole("button", { name: "Sign out and sign in again" }).click();
    await expect(page).toHaveURL(/\/sign-in\?returnUrl=%2Faccount%2Fsettings%23your-data$/);
    await expect(
      page.getByText(`Sign in again, then delete your account within ${REAUTH_WINDOW_MINUTES} minutes.`),
    ).toBeVisible();

    // Freshly signed in, the deletion goes through.
    await signInByLink();
    yourData = await openYourData(page);
    await yourData.getByRole("button", { name: "Delete account" }).click();
    dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel(`Type “${email}” to confirm`).fill(email);
    await dialog.getByRole("button", { name: "Delete my account forever" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  });

  test("an owner deletes a child from the family page, with everything of it", async ({ page }) => {
    const parent = await signUpVerified(page, newParent("Cleo"));
    const mia = await addChildThroughApi(page, { firstName: "Mia", age: 5, gender: "girl" });
    const [photoFile] = await childPhotoFiles(1);
    const photo = await uploadPhotoThroughApi(page, mia.id, photoFile ?? "");
    expect((await page.request.get(photo.url)).status()).toBe(200);

    await page.goto("/account/family");
    const children = page.getByRole("list", { name: "Children" }).getByRole("listitem");
    await expect(children).toHaveCount(1);
    await expect(children).toContainText("1 photo");
    await page.getByRole("button", { name: "Delete Mia" }).click();

    const dialog = page.getByRole("dialog", { name: "Delete Mia?" });
    await expect(dialog).toContainText("every photo of Mia you uploaded");
    await expect(dialog).toContainText("at the image-model provider that trained it");
    await expect(dialog).toContainText("every portrait made of Mia");
    const confirm = dialog.getByRole("button", { name: "Delete Mia forever" });
    await expect(confirm).toBeDisabled();
    const typed = dialog.getByLabel("Type “Mia” to confirm");
    await typed.fill("Mi");
    await expect(confirm).toBeDisabled();
    await typed.fill(" mia ");
    expect(await accessibilityViolations(page)).toEqual([]);
    await confirm.click();

    await expect(page.getByText("Mia and all of their photos and portraits are deleted.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText("No children yet. Add your child to start their portrait studio."),
    ).toBeVisible();
    await waitForMail(page.request, parent.email, "child-deleted");

    // The server agrees: no child, and the photo's file is gone too.
    const response = await page.request.post(getChildrenEndpoint.path, {
      headers: await requestHeaders(page),
      data: {},
    });
    expect(response.status()).toBe(200);
    expect((await response.json()) as Child[]).toEqual([]);
    expect((await page.request.get(photo.url)).status()).toBe(404);
  });

  test("an owner deletes a child from the child's studio and lands on the styles", async ({ page }) => {
    await signUpVerified(page, newParent("Dora"));
    await buyPlanThroughApi(page);
    const mia = await addChildThroughApi(page, { firstName: "Mia", age: 6, gender: "girl" });
    // The studio's introduction has been seen (it is shown once per child and parent).
    await skipStudioIntroThroughApi(page, mia.id);

    await page.goto(`/kids/children/${mia.id}/magic-studio`);
    await expect(page.getByRole("heading", { name: "Mia's magic studio" })).toBeVisible();
    // In the studio's "More" menu: never the first thing reached on its banner (decision 0056).
    await page.getByRole("button", { name: "More for Mia's studio" }).click();
    await page.getByText("Delete Mia…").click();
    const dialog = page.getByRole("dialog", { name: "Delete Mia?" });
    await dialog.getByLabel("Type “Mia” to confirm").fill("Mia");
    await dialog.getByRole("button", { name: "Delete Mia forever" }).click();

    await expect(page).toHaveURL(/\/kids\/choose-theme$/);
    await expect(page.getByText("Mia and all of their photos and portraits are deleted.")).toBeVisible();
    // Her studio is no more: its address leads back to the styles.
    await page.goto(`/kids/children/${mia.id}/magic-studio`);
    await expect(page).toHaveURL(/\/kids\/choose-theme$/);
  });
});
