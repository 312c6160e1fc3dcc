import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  deleteUploadedImagesEndpoint,
  getUploadedImagesEndpoint,
  setFavouriteEndpoint,
} from "@wonderkin/contract";
import { PDFDocument } from "pdf-lib";
import {
  keepAdultLookingPhotosThroughApi,
  requestHeaders,
  skipStudioIntroThroughApi,
} from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { childPhotoFiles, PHOTO_CHECKS } from "../support/photos";
import { generateThroughApi, trainedChildWithPortrait } from "../support/studio";

test.describe("keepsakes (issue 33)", () => {
  test("an Oracle parent makes the month's storybook, downloads its PDF, then starts a yearly series and downloads its poster", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: training, nine portraits, a 300 dpi book and a poster.
    test.setTimeout(480_000);
    await signUpVerified(page, newParent("Hazel"));
    const { childId, imageId } = await trainedChildWithPortrait(page, {
      planId: 3,
      firstName: "Nora",
      styleId: "astronaut",
    });
    const more = [
      ...(await generateThroughApi(page, childId, "fairy", 4)),
      ...(await generateThroughApi(page, childId, "ice-queen", 4)),
    ];
    // Two favourites: the book starts with them.
    const headers = await requestHeaders(page);
    for (const favourite of [imageId, more[0]]) {
      const marked = await page.request.post(setFavouriteEndpoint.path, {
        headers,
        data: { imageId: favourite, favourite: true },
      });
      expect(marked.status()).toBe(200);
    }

    await skipStudioIntroThroughApi(page, childId);
    await page.goto(`/kids/children/${childId}/magic-studio`);
    await page.getByRole("link", { name: "Storybooks" }).click();
    await expect(page).toHaveURL(new RegExp(`/kids/children/${childId}/storybooks$`));
    await expect(page.getByRole("heading", { name: "Nora's storybooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No storybooks yet. Make the first one below.")).toBeVisible();
    await expect(page.getByText("This book is your plan's storybook of the month.")).toBeVisible();

    const form = page.getByRole("form", { name: "Make a storybook" });
    const count = form.getByTestId("storybook-count");
    await expect(count).toHaveText("2 chosen: pick 6 more (a book holds 8 to 24).");
    const make = form.getByRole("button", { name: "Make the storybook" });
    await expect(make).toBeDisabled();
    // Six more portraits, picked in the grid.
    const unpicked = form.locator('button[aria-pressed="false"]');
    for (let picked = 0; picked < 6; picked += 1) await unpicked.first().click();
    await expect(count).toHaveText("8 of at most 24 chosen.");

    const pages = form.getByRole("list", { name: "Pages of the book" });
    await expect(pages.getByRole("listitem")).toHaveCount(8);
    await pages.getByRole("textbox", { name: "Caption of page 1" }).fill("Nora, ready for lift-off!");
    await pages.getByRole("button", { name: "Move page 2 earlier" }).click();
    await form.getByRole("textbox", { name: "Title" }).fill("Nora's big adventure");
    await form.getByText("Square, 21 cm").click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("storybook-form.png"), fullPage: true });

    await make.click();
    await expect(form.getByText(`We're making "Nora's big adventure".`)).toBeVisible();
    const book = page.getByTestId("storybook");
    await expect(book).toContainText("8 portraits · Square, 21 cm");
    await expect(book).toContainText("your plan's book of the month");
    // The month's book is used: the next one needs the add-on.
    await expect(form.getByText("You have made this month's storybook.")).toBeVisible();

    const download = book.getByRole("link", { name: /Download PDF/ });
    await expect(download).toBeVisible({ timeout: 180_000 });
    await page.screenshot({ path: test.info().outputPath("storybook-made.png"), fullPage: true });
    const saved = page.waitForEvent("download");
    await download.click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe("noras-big-adventure-storybook.pdf");
    const bytes = await readFile((await file.path()) ?? "");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Ten square pages: the cover, eight portraits and the closing page (21 cm = 595.28 pt).
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(10);
    expect(pdf.getPage(0).getTrimBox()).toMatchObject({
      width: expect.closeTo(595.28, 1),
      height: expect.closeTo(595.28, 1),
    });

    // Grow with me (decision 0068): the fairy portraits become a yearly series, side by side.
    await page.goto(`/kids/children/${childId}/magic-studio`);
    await page.getByRole("link", { name: "Through the years" }).click();
    await expect(page).toHaveURL(new RegExp(`/kids/children/${childId}/through-the-years$`));
    await expect(page.getByRole("heading", { name: "Nora through the years", level: 1 })).toBeVisible();
    await expect(page.getByText("No yearly series yet. Start the first one below.")).toBeVisible();
    const start = page.getByRole("form", { name: "Start a yearly series" });
    await start.getByRole("combobox", { name: "Style" }).selectOption({ label: "Fairy" });
    // Nora is known by her age: the day is picked.
    await expect(
      start.getByText("We know Nora's age but not their birthday: pick the day each year."),
    ).toBeVisible();
    await start.getByRole("combobox", { name: "Month" }).selectOption({ label: "February" });
    await start.getByRole("combobox", { name: "Day" }).selectOption("29");
    await start.getByRole("button", { name: "Start the yearly series" }).click();

    const series = page
      .getByRole("list", { name: "Yearly series" })
      .getByRole("listitem")
      .filter({ hasText: "Fairy" });
    await expect(series).toContainText(
      "We e-mail you every year on 29 February for a few of this year's photos, to make this year's portrait.",
    );
    const thisYear = new Date().getUTCFullYear();
    const years = series.getByRole("list", { name: "Fairy, year by year" });
    await expect(years.getByRole("img", { name: `Nora as Fairy, ${thisYear}` })).toBeVisible();
    await expect
      .poll(() =>
        years
          .getByRole("img")
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("through-the-years.png"), fullPage: true });

    const posterSaved = page.waitForEvent("download");
    await series.getByRole("link", { name: "Poster (A4 PDF)" }).click();
    const posterFile = await posterSaved;
    expect(posterFile.suggestedFilename()).toBe("nora-fairy-through-the-years.pdf");
    const poster = await PDFDocument.load(await readFile((await posterFile.path()) ?? ""));
    // One A4 page (210 × 297 mm = 595.28 × 841.89 pt).
    expect(poster.getPageCount()).toBe(1);
    expect(poster.getPage(0).getTrimBox()).toMatchObject({
      width: expect.closeTo(595.28, 1),
      height: expect.closeTo(841.89, 1),
    });

    // The yearly update (decision 0069; the e2e server lets a model be updated at once). Five of the
    // training photos are removed, to come back as "this year's": there are twelve shots of the one
    // sample face, and a photo already in the set would be refused as a copy.
    await page.getByRole("link", { name: "Add this year's photos" }).click();
    await expect(page).toHaveURL(new RegExp(`/kids/upload-images\\?child=${childId}$`));
    await expect(page.getByRole("heading", { name: "This year's photos of Nora", level: 1 })).toBeVisible();
    const card = page.getByRole("region", { name: "This year's update" });
    await expect(card.getByTestId("new-photo-count")).toHaveText("0 of 5 new photos");
    const update = card.getByRole("button", { name: "Update Nora's likeness" });
    await expect(update).toBeDisabled();
    const listed = await page.request.post(getUploadedImagesEndpoint.path, { headers, data: { childId } });
    const trainedOn = ((await listed.json()) as { photos: { id: string; originalName: string | null }[] })
      .photos;
    const again = (await childPhotoFiles(5)).map((file) => path.basename(file));
    const removed = await page.request.post(deleteUploadedImagesEndpoint.path, {
      headers,
      data: {
        childId,
        photoIds: trainedOn.filter((photo) => again.includes(photo.originalName ?? "")).map(({ id }) => id),
      },
    });
    expect(removed.status()).toBe(200);
    expect(((await removed.json()) as { deleted: number }).deleted).toBe(5);
    await page.getByLabel("Photos to upload").setInputFiles(await childPhotoFiles(5));
    await expect(card.getByTestId("new-photo-count")).toHaveText("5 of 5 new photos", PHOTO_CHECKS);
    await keepAdultLookingPhotosThroughApi(page, childId);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("yearly-photos.png"), fullPage: true });
    await update.click();
    await expect(card.getByRole("progressbar", { name: "Updating Nora's likeness" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("yearly-update-running.png"), fullPage: true });
    // Training (20 s on the e2e server) then the series' portrait: a hang detector, not a speed limit.
    const made = card.getByRole("link", { name: "this year's portrait is in the studio" });
    await expect(made).toBeVisible({ timeout: 180_000 });
    await expect(card).toContainText("Fairy: this year's portrait is in the studio");
    await expect(card.getByTestId("yearly-update-completed")).toContainText("Updated on");
    await page.screenshot({ path: test.info().outputPath("yearly-update-done.png"), fullPage: true });
  });
});
