import type { Page } from "@playwright/test";
import { skipStudioIntroThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { trainedChildWithPortrait } from "../support/studio";

/** Buys one add-on from the subscription page through the built-in checkout. */
async function buyAddOn(page: Page, name: string, price: string) {
  await page.goto("/account/subscription/manage");
  const addOns = page.getByRole("list", { name: "Add-ons" });
  await addOns.getByRole("button", { name: `Buy ${name}` }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
  await expect(page.getByTestId("checkout-item")).toContainText(`${name} add-on`);
  await expect(page.getByTestId("checkout-total")).toHaveText(price);
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect(page).toHaveURL(/\/account\/subscription\/manage\?addOn=success$/);
  await expect(page.getByText("Thank you! Your add-on is ready to use")).toBeVisible();
}

test.describe("the Magician add-ons", () => {
  test("a Magician parent buys each add-on through the checkout, prints from it and makes a video", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: training, renders, a print file and a video on the server.
    test.setTimeout(300_000);
    await signUpVerified(page, newParent("Elsa"));
    const { childId } = await trainedChildWithPortrait(page, {
      planId: 1,
      firstName: "Mia",
      styleId: "ice-queen",
    });

    await page.goto("/account/subscription/manage");
    await expect(page.getByTestId("add-on-left-video")).toHaveText("None left");
    expect(await accessibilityViolations(page)).toEqual([]);
    await buyAddOn(page, "Create video", "$2.00");
    await expect(page.getByTestId("add-on-left-video")).toHaveText("5 video clips left");
    await buyAddOn(page, "Ready to print", "$2.00");
    await expect(page.getByTestId("add-on-left-print")).toHaveText("10 ready-to-print files left");

    // Both purchases are in the billing history.
    await page.goto("/account/subscription/view-history");
    // (The table on a desktop, the list on a phone: whichever is shown.)
    for (const purchase of [
      "Create video add-on: 5 animated clips of your portraits",
      "Ready to print add-on: 10 ready-to-print A4 files",
    ]) {
      // Exact: each row's invoice link names the purchase too, for screen readers.
      await expect(page.getByText(purchase, { exact: true }).filter({ visible: true })).toBeVisible();
    }

    // The studio: open the portrait in the viewer.
    await skipStudioIntroThroughApi(page, childId);
    await page.goto(`/kids/children/${childId}/magic-studio`);
    await expect(page.getByRole("heading", { name: "Mia's magic studio", exact: true })).toBeVisible();
    const card = page.getByRole("list", { name: "Mia's portraits" }).locator('li[data-status="succeeded"]');
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: "Ice Princess portrait 1", exact: true }).click();
    const viewer = page.getByRole("dialog", { name: "Mia as Ice Princess" });

    // Print: Magician has no monthly prints, so a bought file is used.
    await viewer.getByRole("button", { name: "Print" }).click();
    const confirmPrint = page.getByRole("dialog", { name: "Print this portrait?" });
    await expect(confirmPrint).toContainText("9 ready-to-print files left from your add-on.");
    const popup = page.waitForEvent("popup");
    await confirmPrint.getByRole("button", { name: "Make the print file" }).click();
    await expect(page.getByText("9 ready-to-print files left from your add-on.")).toBeVisible();
    await (await popup).close();

    // Create video: progress, then the clip plays and downloads.
    await viewer.getByRole("button", { name: "Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Create video" });
    await expect(dialog.getByTestId("videos-left")).toContainText("5 video clips");
    await dialog.getByRole("button", { name: "Create video" }).click();
    const clip = dialog.getByTestId("portrait-video");
    await expect(clip).toBeVisible({ timeout: 90_000 });
    // An MP4 in the browser's player (decision 0057; e2e/tests/video-clip.spec.ts checks it closer).
    await expect
      .poll(() => clip.evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.videoWidth > 0))
      .toBe(true);
    const download = dialog.getByRole("link", { name: "Download video" });
    const file = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("video/mp4");
    expect((await file.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
  });
});
