import type { Page } from "@playwright/test";
import {
  type GeneratedImage,
  generateEndpoint,
  predictionStatusEndpoint,
  startTrainingEndpoint,
  trainingStatusEndpoint,
} from "@wonderkin/contract";
import { buyPlanThroughApi } from "../support/billing";
import {
  addChildThroughApi,
  requestHeaders,
  skipStudioIntroThroughApi,
  uploadPhotoThroughApi,
} from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { childPhotoFiles } from "../support/photos";

/** A Magician parent's trained child with one finished Snow portrait, made through the API. */
async function magicianWithPortrait(page: Page, firstName: string): Promise<{ childId: number }> {
  await buyPlanThroughApi(page, 1);
  const child = await addChildThroughApi(page, { firstName, age: 6, gender: "girl" });
  for (const file of await childPhotoFiles(10)) await uploadPhotoThroughApi(page, child.id, file);
  const headers = await requestHeaders(page);
  expect(
    (await page.request.post(startTrainingEndpoint.path, { headers, data: { childId: child.id } })).status(),
  ).toBe(200);
  await expect
    .poll(
      async () => {
        const state = await page.request.post(trainingStatusEndpoint.path, {
          headers,
          data: { childId: child.id },
        });
        return ((await state.json()) as { status: string }).status;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe("completed");
  const generated = await page.request.post(generateEndpoint.path, {
    headers,
    data: { childId: child.id, styleId: "ice-queen", count: 1 },
  });
  expect(generated.status()).toBe(200);
  const imageIds = ((await generated.json()) as { images: GeneratedImage[] }).images.map((image) => image.id);
  await expect
    .poll(
      async () => {
        const status = await page.request.post(predictionStatusEndpoint.path, {
          headers,
          data: { imageIds },
        });
        return ((await status.json()) as { images: GeneratedImage[] }).images.map((image) => image.status);
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toEqual(["succeeded"]);
  return { childId: child.id };
}

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
    test.setTimeout(300_000);
    await signUpVerified(page, newParent("Elsa"));
    const { childId } = await magicianWithPortrait(page, "Mia");

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
      await expect(page.getByText(purchase).filter({ visible: true })).toBeVisible();
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
    const popup = page.waitForEvent("popup");
    await viewer.getByRole("button", { name: "Print" }).click();
    await expect(page.getByText("9 ready-to-print files left from your add-on.")).toBeVisible();
    await (await popup).close();

    // Create video: progress, then the clip plays and downloads.
    await viewer.getByRole("button", { name: "Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Create video" });
    await expect(dialog.getByTestId("videos-left")).toContainText("5 video clips");
    await dialog.getByRole("button", { name: "Create video" }).click();
    const clip = dialog.getByTestId("portrait-video");
    await expect(clip).toBeVisible({ timeout: 90_000 });
    await expect
      .poll(() => clip.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const download = dialog.getByRole("link", { name: "Download video" });
    const file = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("image/webp");
    const bytes = await file.body();
    // An animated WebP: RIFF/WEBP with an ANIM chunk.
    expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(bytes.includes(Buffer.from("ANIM"))).toBe(true);
  });
});
