import type { CDPSession, Locator, Page } from "@playwright/test";
import { type PortraitShare, sharePortraitEndpoint } from "@wonderkin/contract";
import { requestHeaders } from "../support/children";
import { accessibilityViolations, expect, test, waitingForTheApp } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { generateThroughApi, trainedChildWithPortrait } from "../support/studio";

/** The studio, past its introduction if this is the parent's first visit. */
async function openStudio(page: Page, childId: number, firstName: string) {
  await page.goto(`/kids/children/${childId}/magic-studio`);
  const enter = page.getByRole("button", { name: "Enter the studio" });
  const studio = page.getByRole("heading", { name: `${firstName}'s magic studio`, exact: true });
  await expect(enter.or(studio)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(studio).toBeVisible();
}

type Finger = { x: number; y: number };

/**
 * Fingers moved on the touch screen through Chromium's own input pipeline (the browser turns them
 * into pointer events, as on a phone): every finger goes from its start to its end in a few steps.
 */
async function touch(cdp: CDPSession, paths: { from: Finger; to: Finger }[]) {
  const at = (step: number) =>
    paths.map(({ from, to }, id) => ({
      id,
      x: from.x + ((to.x - from.x) * step) / 4,
      y: from.y + ((to.y - from.y) * step) / 4,
    }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (const step of [1, 2, 3, 4]) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(step) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** A swipe or drag across the middle of `target`: by touch on a phone, with the mouse on a desktop. */
async function drag(page: Page, cdp: CDPSession | null, target: Locator, dx: number, dy = 0) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to drag");
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const to = { x: from.x + dx, y: from.y + dy };
  if (cdp) return touch(cdp, [{ from, to }]);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** Two fingers about the middle of `target`, from `start` to `end` pixels apart. */
async function pinch(cdp: CDPSession, target: Locator, start: number, end: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to pinch");
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await touch(cdp, [
    { from: { x: centre.x - start / 2, y: centre.y }, to: { x: centre.x - end / 2, y: centre.y } },
    { from: { x: centre.x + start / 2, y: centre.y }, to: { x: centre.x + end / 2, y: centre.y } },
  ]);
}

test.describe("the portrait viewer and the share page", () => {
  test("Back closes the viewer, a swipe moves on, pinch zooms, and a shared link fits the first screen", async ({
    page,
    browser,
    isMobile,
  }) => {
    // A hang detector, not a speed limit: training and renders before there are portraits to view.
    test.setTimeout(300_000);
    await signUpVerified(page, newParent("Ingrid"));
    const { childId, imageId } = await trainedChildWithPortrait(page, { firstName: "Mia", styleId: "fairy" });
    await generateThroughApi(page, childId, "fairy");
    await openStudio(page, childId, "Mia");
    const studioUrl = page.url();

    const gallery = page.getByRole("list", { name: "Mia's portraits" });
    await expect(gallery.locator('li[data-status="succeeded"]')).toHaveCount(2);
    const viewer = page.getByRole("dialog", { name: "Mia as Fairy" });
    const position = viewer.getByTestId("viewer-position");
    const stage = viewer.getByTestId("viewer-stage");
    const picture = viewer.getByTestId("viewer-image");
    const cdp = isMobile ? await page.context().newCDPSession(page) : null;

    await test.step("Back closes the viewer and stays in the studio; Forward opens it again", async () => {
      await gallery.getByRole("button", { name: "Fairy portrait 1", exact: true }).click();
      await expect(position).toHaveText("1 of 2");
      await page.goBack();
      await expect(viewer).toHaveCount(0);
      expect(page.url()).toBe(studioUrl);
      await expect(page.getByRole("heading", { name: "Mia's magic studio", exact: true })).toBeVisible();
      await page.goForward();
      await expect(position).toHaveText("1 of 2");
    });

    if (cdp) {
      await test.step("pinch zooms in, a drag then pans instead of swiping, pinching back fits", async () => {
        await expect
          .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
        await pinch(cdp, picture, 80, 240);
        await expect(stage).toHaveAttribute("data-zoomed", "true");
        const zoomed = await picture.evaluate((image) => image.style.transform);
        await drag(page, cdp, stage, -120);
        await expect.poll(() => picture.evaluate((image) => image.style.transform)).not.toBe(zoomed);
        await expect(position).toHaveText("1 of 2");
        await expect(stage).toHaveAttribute("data-zoomed", "true");
        // About the stage's centre, and inside the arrows at its sides: the zoomed, panned picture's
        // own box reaches past a phone's edge.
        await pinch(cdp, stage, 200, 30);
        await expect(stage).not.toHaveAttribute("data-zoomed");
      });
    }

    await test.step("a swipe to the left shows the next portrait, and one Back still closes", async () => {
      await drag(page, cdp, stage, -160);
      await expect(position).toHaveText("2 of 2");
      await page.goBack();
      await expect(viewer).toHaveCount(0);
      expect(page.url()).toBe(studioUrl);
    });

    await test.step("the share page fits the whole portrait into the first screen", async () => {
      const headers = await requestHeaders(page);
      const made = await page.request.post(sharePortraitEndpoint.path, {
        headers,
        data: { imageId, caption: "Mia the fairy, for Grandpa" },
      });
      expect(made.status()).toBe(200);
      const { share } = (await made.json()) as { share: PortraitShare };

      const grandparent = await browser.newContext(isMobile ? { viewport: page.viewportSize() } : {});
      const visitor = waitingForTheApp(await grandparent.newPage());
      const opened = await visitor.goto(share.url);
      expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
      await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      const shared = visitor.getByRole("img", { name: "A shared portrait" });
      await expect
        .poll(() => shared.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      const viewport = visitor.viewportSize();
      if (!viewport) throw new Error("no viewport");
      const invitation = visitor.getByRole("link", { name: "Make portraits of your child" });
      for (const onScreen of [shared, visitor.getByText("Wonderkin", { exact: true }), invitation]) {
        const box = await onScreen.boundingBox();
        expect(box).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
      }
      await expect(visitor.getByText("Mia the fairy, for Grandpa")).toBeInViewport();
      expect(await accessibilityViolations(visitor)).toEqual([]);

      await invitation.click();
      await expect(visitor).toHaveURL(/\/sign-up\?utm_source=shared-portrait&utm_medium=share-link$/);
      await grandparent.close();
    });
  });
});
