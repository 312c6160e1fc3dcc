import type { Page } from "@playwright/test";
import {
  completeCheckoutEndpoint,
  createCheckoutSessionEndpoint,
  createVideoEndpoint,
  type PortraitVideo,
  videoStatusEndpoint,
} from "@wonderkin/contract";
import { requestHeaders, skipStudioIntroThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { trainedChildWithPortrait } from "../support/studio";

/** The Create video add-on bought and paid through the API (the local checkout). */
async function buyVideoClipsThroughApi(page: Page): Promise<void> {
  const headers = await requestHeaders(page);
  const created = await page.request.post(createCheckoutSessionEndpoint.path, {
    headers,
    data: { addOnId: "create-video" },
  });
  expect(created.status()).toBe(200);
  const { sessionId } = (await created.json()) as { sessionId: string };
  const paid = await page.request.post(completeCheckoutEndpoint.path, { headers, data: { sessionId } });
  expect(paid.status()).toBe(200);
}

/** Makes a portrait's clip through the API and waits until it is made. */
async function videoThroughApi(page: Page, imageId: string): Promise<PortraitVideo> {
  const headers = await requestHeaders(page);
  const started = await page.request.post(createVideoEndpoint.path, { headers, data: { imageId } });
  expect(started.status()).toBe(200);
  let made: PortraitVideo | undefined;
  await expect
    .poll(
      async () => {
        const state = await page.request.post(videoStatusEndpoint.path, {
          headers,
          data: { imageIds: [imageId] },
        });
        [made] = ((await state.json()) as { videos: PortraitVideo[] }).videos;
        return made?.status;
      },
      { timeout: 120_000, intervals: [1_000, 2_000] },
    )
    .toBe("succeeded");
  return made as PortraitVideo;
}

test.describe("the portrait's video (decision 0057)", () => {
  test("is an MP4 that the viewer's player plays, inline and silent, and downloads as .mp4", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: training, a render and a video on the server.
    test.setTimeout(300_000);
    await signUpVerified(page, newParent("Nora"));
    const { childId, imageId } = await trainedChildWithPortrait(page, {
      planId: 1,
      firstName: "Mia",
      styleId: "ice-queen",
    });
    await buyVideoClipsThroughApi(page);
    const made = await videoThroughApi(page, imageId);
    expect(made).toMatchObject({ contentType: "video/mp4", frames: 36, durationMs: 3000 });

    await skipStudioIntroThroughApi(page, childId);
    await page.goto(`/kids/children/${childId}/magic-studio`);
    const card = page.getByRole("list", { name: "Mia's portraits" }).locator('li[data-status="succeeded"]');
    await card.getByRole("button", { name: "Ice Princess portrait 1", exact: true }).click();
    const viewer = page.getByRole("dialog", { name: "Mia as Ice Princess" });
    await viewer.getByRole("button", { name: "Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Create video" });

    const player = dialog.locator("video");
    await expect(player).toHaveAttribute("data-testid", "portrait-video");
    await expect(player).toHaveAccessibleName("Mia as Ice Princess, a short video");
    // What phones need: inline (not forced full screen), silent (may start on its own), looping,
    // the portrait shown until the first frame is there.
    await expect(player).toHaveAttribute("playsinline", "");
    await expect(player).toHaveAttribute("loop", "");
    await expect(player).toHaveAttribute("controls", "");
    await expect(player).toHaveAttribute("poster", /\/api\/media\//);
    expect(await player.evaluate((video: HTMLVideoElement) => video.muted)).toBe(true);

    // The browser decodes it: the first frame is there at the clip's size, and it plays on.
    await expect
      .poll(() =>
        player.evaluate((video: HTMLVideoElement) => ({
          ready: video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA,
          width: video.videoWidth,
          height: video.videoHeight,
          error: video.error?.code ?? null,
        })),
      )
      .toEqual({ ready: true, width: made.width, height: made.height, error: null });
    await player.evaluate((video: HTMLVideoElement) => video.play());
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeGreaterThan(0);
    expect(await player.evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(3, 1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The file itself: an MP4 (ftyp first), served in ranges, downloaded with an .mp4 name.
    const source = (await player.getAttribute("src")) ?? "";
    const file = await page.request.get(source);
    expect(file.headers()["content-type"]).toBe("video/mp4");
    expect((await file.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
    const part = await page.request.get(source, { headers: { range: "bytes=0-1" } });
    expect(part.status()).toBe(206);
    const download = dialog.getByRole("link", { name: "Download video" });
    const saved = await page.request.get((await download.getAttribute("href")) ?? "");
    expect(saved.headers()["content-disposition"]).toMatch(
      /^attachment; filename="ice-queen-.+-video\.mp4"$/,
    );
  });
});
