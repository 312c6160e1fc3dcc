import { readFile } from "node:fs/promises";
import { printImageEndpoint } from "@wonderkin/contract";
import sharp from "sharp";
import { requestHeaders, skipStudioIntroThroughApi } from "../support/children";
import { expect, ONE_SIZE, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { trainedChildWithPortrait } from "../support/studio";

// The phone's viewer and its Download link are covered on the phone by studio.spec.ts.
test.describe("full-resolution portraits", { tag: ONE_SIZE }, () => {
  test("a parent downloads the original portrait, large enough to print, and gets an A4 print file", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: training, a render and a full-size A4 print file.
    test.setTimeout(240_000);
    await signUpVerified(page, newParent("Ada"));
    const { childId, imageId } = await trainedChildWithPortrait(page, {
      planId: 3,
      firstName: "Mia",
      styleId: "fairy",
    });
    await skipStudioIntroThroughApi(page, childId);

    await page.goto(`/kids/children/${childId}/magic-studio`);
    const gallery = page.getByRole("list", { name: "Mia's portraits" });
    await expect(gallery.locator('[data-status="succeeded"]')).toHaveCount(1);
    await gallery.getByRole("button", { name: "Fairy portrait 1" }).click();
    const viewer = page.getByRole("dialog", { name: "Mia as Fairy" });
    await expect(viewer).toBeVisible();
    const downloading = page.waitForEvent("download");
    await viewer.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    // A name a parent can keep: the style and a short id, as a JPEG.
    expect(download.suggestedFilename()).toBe(`fairy-${imageId.slice(0, 8)}.jpg`);
    const file = await readFile(await download.path());
    // The original the local model rendered (4:5, 2048 px on the long side), not a screen-sized copy.
    expect(await sharp(file).metadata()).toMatchObject({ format: "jpeg", width: 2048, height: 2560 });
    // Stored at JPEG quality 90: a fairy at this size measured 290-305 KB across its compositions,
    // where quality 75 gives ≈ 167 KB and a 1024-px copy ≈ 116 KB (issue 30's variety step).
    expect(file.byteLength).toBeGreaterThan(220_000);

    // Oracle's ready-to-print file: A4 with 3 mm bleed at 300 dpi.
    const print = await page.request.post(printImageEndpoint.path, {
      headers: await requestHeaders(page),
      data: { imageId },
    });
    expect(print.status()).toBe(200);
    const printFile = await page.request.get(((await print.json()) as { url: string }).url);
    expect(printFile.status()).toBe(200);
    expect(await sharp(await printFile.body()).metadata()).toMatchObject({
      format: "jpeg",
      width: 2551,
      height: 3579,
      density: 300,
    });
  });
});
