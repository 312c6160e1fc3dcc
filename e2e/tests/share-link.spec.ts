import type { Page } from "@playwright/test";
import { expect, test, waitingForTheApp } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { trainedChildWithPortrait } from "../support/studio";

/** The studio, past its introduction if this is the parent's first visit. */
async function openStudio(page: Page, childId: number, firstName: string) {
  await page.goto(`/kids/children/${childId}/magic-studio`);
  const enter = page.getByRole("button", { name: "Enter the studio" });
  const studio = page.getByRole("heading", { name: `${firstName}'s magic studio`, exact: true });
  await expect(enter.or(studio)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(studio).toBeVisible();
}

test.describe("sharing a portrait by link", () => {
  test("a parent copies a private link, a signed-out browser opens it, and it stops when revoked", async ({
    page,
    context,
    browser,
  }) => {
    // A hang detector, not a speed limit: training and renders before there is a portrait to share.
    test.setTimeout(240_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUpVerified(page, newParent("Freya"));
    const { childId } = await trainedChildWithPortrait(page, { firstName: "Mia", styleId: "fairy" });
    await openStudio(page, childId, "Mia");

    const gallery = page.getByRole("list", { name: "Mia's portraits" });
    const card = gallery.locator('li[data-status="succeeded"]');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("share-state")).toHaveCount(0);

    // Copy link: on the clipboard, confirmed with until when it works, and marked on the card.
    await card.hover();
    await card.getByRole("button", { name: "Copy link: Fairy, portrait 1" }).click();
    await expect(
      page.getByText(/^Link copied\. Anyone with it can see this portrait until .+\.$/),
    ).toBeVisible();
    await expect(card.getByTestId("share-state")).toContainText(/^Shared · until /);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{43}$/);

    // The viewer shows the same state, and copying again gives the same link.
    await card.getByRole("button", { name: "Fairy portrait 1", exact: true }).click();
    const viewer = page.getByRole("dialog", { name: "Mia as Fairy" });
    await expect(viewer.getByTestId("viewer-share-state")).toContainText(/Shared · until /);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await viewer.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toHaveCount(0);

    // Someone signed out opens it: the picture, the product's name and a way to make one's own (no
    // name: no caption was given), and a page search engines are told to skip.
    const stranger = await browser.newContext();
    const strangerPage = waitingForTheApp(await stranger.newPage());
    const opened = await strangerPage.goto(link);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(strangerPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    const picture = strangerPage.getByRole("img", { name: "A shared portrait" });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(strangerPage.locator("body")).not.toContainText(/Mia|Freya|Fairy/);
    await expect(strangerPage.locator("a")).toHaveCount(1);
    await expect(strangerPage.getByRole("link", { name: "Make portraits of your child" })).toBeVisible();

    // Stop sharing in the gallery: the mark goes, and the stranger's next visit finds nothing.
    await card.getByRole("button", { name: "Stop sharing: Fairy, portrait 1" }).click();
    await expect(page.getByText("Sharing stopped. The link no longer works.")).toBeVisible();
    await expect(card.getByTestId("share-state")).toHaveCount(0);
    const gone = await strangerPage.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(strangerPage.getByRole("heading", { name: "This link isn't available" })).toBeVisible();
    await expect(strangerPage.getByRole("img")).toHaveCount(0);
    const goneImage = await strangerPage.request.get(`${link}/portrait.jpg`);
    expect(goneImage.status()).toBe(404);
    await stranger.close();
  });
});
