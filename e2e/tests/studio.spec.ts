import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { studioMessages } from "@wonderkin/contract";
import { adjustCredits, buyPlanThroughApi } from "../support/billing";
import { addChildThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { childPhotoFiles, PHOTO_CHECKS } from "../support/photos";

/** The balance as the studio's generate panel and the header show it. */
async function expectBalance(page: Page, credits: number) {
  await expect(page.getByTestId("studio-balance")).toHaveText(`${credits} credits`);
  await expect(page.getByTestId("header-credits")).toContainText(String(credits));
}

test.describe("the magic studio", () => {
  test("a parent trains their child's model, generates portraits, downloads, regenerates and deletes", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: training and several rounds of renders on the server.
    test.setTimeout(240_000);
    const parent = await signUpVerified(page, newParent("Ada"));
    await buyPlanThroughApi(page); // Magician: 100 credits a month.
    const child = await addChildThroughApi(page, { firstName: "Mia", age: 6, gender: "girl" });

    // Ten photos, as a parent picks them; the page says beforehand that Continue starts the training.
    await page.goto(`/kids/upload-images?child=${child.id}`);
    await page.getByLabel("Photos to upload").setInputFiles(await childPhotoFiles(10));
    await expect(page.getByTestId("photo-count")).toHaveText("10/10", PHOTO_CHECKS);
    await expect(page.getByText("Continue starts the training with these photos.")).toBeVisible();
    // The test faces are adults': the parent answers "is it Mia?" first (training waits for it).
    await page.getByRole("button", { name: "Yes, they're all Mia" }).click();
    await expect(page.getByTestId("looks-adult-summary")).toHaveCount(0);
    await page
      .getByRole("link", { name: /^Continue/ })
      .first()
      .click();

    // Training: started by itself, no button pressed, then the way into the studio.
    await expect(page).toHaveURL(new RegExp(`/kids/add-children/in-progress\\?child=${child.id}$`));
    const trained = page.getByText("Mia's portrait model is trained.");
    await expect(
      page.getByText(/^Training (has )?started\b.*\. We'll e-mail you when the studio is ready/).or(trained),
    ).toBeVisible();
    await expect(page.getByText("Training hasn't started yet.")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start training" })).toHaveCount(0);
    await expect(page.getByText(/still being finished/)).toHaveCount(0);
    // Free previews from Mia's best photos appear while the model still trains (the e2e server's
    // local training lasts 20 s), each marked "Preview".
    const previews = page.getByRole("list", { name: "Mia's previews" });
    await expect(previews.locator('[data-status="succeeded"]').first()).toBeVisible({ timeout: 20_000 });
    // The live state knows when it started (and, once under way, about how long is left).
    await expect(
      page.getByText(
        /^Training started (just now|1 minute ago)( — [^.]+ left)?\. We'll e-mail you when the studio is ready/,
      ),
    ).toBeVisible();
    await expect(trained).toHaveCount(0);
    await expect(
      previews.locator('[data-status="succeeded"]').first().getByTestId("preview-badge"),
    ).toBeVisible();
    await expect(trained).toBeVisible({ timeout: 60_000 });
    await page.getByRole("link", { name: "Open the studio" }).click();

    // The first visit starts with the introduction.
    await expect(page).toHaveURL(new RegExp(`/kids/children/${child.id}/studio-intro$`));
    await expect(page.getByRole("heading", { name: "Welcome to Mia's magic studio" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pick a style" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Enter the studio" }).click();
    await expect(page).toHaveURL(new RegExp(`/kids/children/${child.id}/magic-studio$`));
    await expect(page.getByRole("heading", { name: "Mia's magic studio" })).toBeVisible();
    await expect(page.getByText("No portraits yet")).toBeVisible();
    await expectBalance(page, 100);

    // Exclusive packs are locked on Magician: visible, not choosable.
    await page.getByRole("button", { name: "Warriors (Oracle plan)" }).click();
    await expect(page.getByText("Warriors is one of the exclusive packs of the Oracle plan.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Viking (Oracle plan)" })).toBeDisabled();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Four portraits of a fairy: they appear at once, in the making, then finished without a reload.
    await page.getByRole("button", { name: "Popular", exact: true }).click();
    const generate = page.getByTestId("generate-button");
    await expect(generate).toHaveText("Pick a style first");
    await expect(generate).toBeDisabled();
    await page.getByRole("radio", { name: "Fairy", exact: true }).check();
    await expect(page.getByTestId("chosen-style")).toHaveText("Mia as Fairy");
    await expect(generate).toHaveText("Create 4 portraits · 4 credits");
    await generate.click();
    const gallery = page.getByRole("list", { name: "Mia's portraits" });
    await expect(gallery.getByRole("listitem")).toHaveCount(4);
    // While they are made: one line for the batch, and each card says where it is in words.
    await expect(page.getByTestId("batch-progress")).toContainText(/^4 portraits on the way/);
    await expect(gallery.getByTestId("portrait-wait-title").first()).toHaveText(
      /^(Waiting its turn|Next in line|Painting…|Adding the sparkle…)$/,
    );
    await expectBalance(page, 96);
    await expect(gallery.locator('[data-status="succeeded"]')).toHaveCount(4, { timeout: 90_000 });
    await expect(gallery.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByTestId("batch-progress")).toHaveCount(0);
    await expect(page.getByTestId("gallery-count")).toHaveText("4 portraits");
    // Each portrait was checked against Mia's face before it was delivered.
    await expect(gallery.getByText("Looks like Mia")).toHaveCount(4);
    for (const image of await gallery.getByRole("img").all()) {
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    // The viewer: full size, arrow keys, download.
    await gallery.getByRole("button", { name: "Fairy portrait 1" }).click();
    const viewer = page.getByRole("dialog", { name: "Mia as Fairy" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId("viewer-position")).toHaveText("1 of 4");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByTestId("viewer-position")).toHaveText("2 of 4");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByTestId("viewer-position")).toHaveText("1 of 4");
    await expect(viewer.getByTestId("viewer-image")).toHaveJSProperty("complete", true);
    expect(await accessibilityViolations(page)).toEqual([]);
    const downloading = page.waitForEvent("download");
    await viewer.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    const file = await download.path();
    expect((await readFile(file)).byteLength).toBeGreaterThan(1_000);

    // Ready-to-print comes with Oracle: Magician is told so.
    await viewer.getByRole("button", { name: "Print" }).click();
    const upsell = page.getByRole("dialog", { name: "Print-ready files" });
    await expect(upsell).toContainText(studioMessages.printNotIncluded);
    await upsell.getByRole("button", { name: "Not now" }).click();
    await expect(upsell).toBeHidden();

    // A new version for one credit.
    await viewer.getByRole("button", { name: "Regenerate" }).click();
    const confirmRegenerate = page.getByRole("dialog", { name: "Make a new version?" });
    await expect(confirmRegenerate).toContainText("It costs 1 credit");
    await expect(confirmRegenerate.getByTestId("regenerate-balance")).toHaveText("You have 96 credits.");
    await confirmRegenerate.getByRole("button", { name: "Regenerate · 1 credit" }).click();
    await expect(viewer).toBeHidden();
    await expect(page.getByText("A new version is on its way.")).toBeVisible();
    await expect(gallery.getByRole("listitem")).toHaveCount(5);
    await expectBalance(page, 95);
    await expect(gallery.locator('[data-status="succeeded"]')).toHaveCount(5, { timeout: 60_000 });

    // Escape closes the viewer; Delete asks first.
    await gallery.getByRole("button", { name: "Fairy portrait 2" }).click();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await gallery.getByRole("button", { name: "Fairy portrait 5" }).click();
    await expect(viewer.getByTestId("viewer-position")).toHaveText("5 of 5");
    await viewer.getByRole("button", { name: "Delete" }).click();
    const confirmDelete = page.getByRole("dialog", { name: "Delete this portrait?" });
    await confirmDelete.getByRole("button", { name: "Delete portrait" }).click();
    await expect(page.getByText("Portrait deleted.")).toBeVisible();
    await expect(viewer.getByTestId("viewer-position")).toHaveText("4 of 4");
    await page.keyboard.press("Escape");
    await expect(gallery.getByRole("listitem")).toHaveCount(4);
    await expectBalance(page, 95);

    // Everything is still there after a reload, and the introduction is not shown again.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/kids/children/${child.id}/magic-studio$`));
    await expect(gallery.locator('[data-status="succeeded"]')).toHaveCount(4);
    await expectBalance(page, 95);

    // A balance too small for four: as many as it pays for, and the way to more.
    expect(await adjustCredits(page, parent.email, -93, "e2e: a low balance")).toBe(2);
    await page.reload();
    await expectBalance(page, 2);
    await page.getByRole("radio", { name: "Fairy", exact: true }).check();
    await expect(generate).toHaveText("Create 2 portraits · 2 credits");
    await expect(generate).toBeEnabled();
    await page.getByRole("radio", { name: "4", exact: true }).check();
    await expect(generate).toHaveText("Create 4 portraits · 4 credits");
    await expect(generate).toBeDisabled();
    await expect(page.getByText("That needs 4 credits: 2 credits more than you have.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Top up credits" })).toHaveAttribute(
      "href",
      "/kids/top-up-credit-plans",
    );

    // A preview made again with Mia's own model: one credit, and a portrait in the gallery.
    const strip = page.getByTestId("previews-strip");
    await strip
      .getByRole("button", { name: /^Make this one with Mia's model/ })
      .first()
      .click();
    await expect(page.getByTestId("studio-balance")).toHaveText("1 credit");
    await expect(gallery.locator('[data-kind="portrait"][data-status="succeeded"]')).toHaveCount(5, {
      timeout: 60_000,
    });
    await expect(strip.getByText("Made with Mia's model")).toHaveCount(1);
  });
});
