import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { accessibilityViolations, expect, test } from "../support/fixtures";

/** The e2e server's samples folder: its DATA_DIR (playwright.config.ts) + /samples, the default. */
const port = Number(process.env.E2E_PORT ?? 3100);
const samplesDir = path.join(os.tmpdir(), `wonderkin-e2e-${port}`, "samples");
const publicImages = path.join(import.meta.dirname, "../../apps/web/public/images");

test.describe("the landing a signed-out visitor sees at /", () => {
  test("tells the story beside the sign-up form: three steps, samples, plans, privacy, FAQ", async ({
    page,
  }) => {
    const config = await (await page.request.get("/api/config")).json();
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-up$/);

    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("First name")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Google/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Facebook/ })).toBeVisible();

    const steps = page.getByRole("region", { name: "Three steps to a gallery of portraits" });
    await expect(steps.getByRole("listitem")).toHaveCount(3);

    const samples = page.getByRole("region", { name: "Over 90 styles in a dozen categories" });
    await expect(samples.getByRole("figure")).toHaveCount(6);

    const planRegion = page.getByRole("region", { name: "Try once, or make portraits every month" });
    for (const name of ["Alchemist", "Magician", "Oracle"]) {
      await expect(planRegion.getByRole("heading", { name })).toBeVisible();
    }
    await expect(planRegion).toContainText("$19 once");
    await expect(planRegion).toContainText("$14.99 a month");

    const privacy = page.getByRole("region", { name: "Our privacy promise" });
    const days = config.retention.trainingPhotosDays;
    await expect(privacy).toContainText(
      `${days} ${days === 1 ? "day" : "days"} after your child's model is trained`,
    );
    await expect(privacy).toContainText("never used to train models for anyone else");
    await expect(privacy).toContainText("at any time");

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const questions = faq.locator("details");
    expect(await questions.count()).toBeGreaterThanOrEqual(4);
    const first = questions.first();
    await expect(first.locator("p")).toBeHidden();
    await first.locator("summary").click();
    await expect(first.locator("p")).toBeVisible();

    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("puts the form first on a phone and beside the story on a desktop", async ({ page, isMobile }) => {
    await page.goto("/sign-up");
    const form = page.getByRole("heading", { level: 1, name: "Create your account" });
    const story = page.getByText("Turn a few photos into portraits your child will treasure.");
    const formBox = await form.boundingBox();
    const storyBox = await story.boundingBox();
    if (!formBox || !storyBox) throw new Error("the form or the story is not laid out");
    if (isMobile) {
      expect(formBox.y).toBeLessThan(storyBox.y);
    } else {
      expect(storyBox.x + storyBox.width).toBeLessThanOrEqual(formBox.x);
      expect(Math.abs(formBox.y - storyBox.y)).toBeLessThan(400);
    }
  });

  test("shows the illustrated child, not the old faceless silhouette, in a style preview", async ({
    page,
  }) => {
    await page.goto("/sign-up");
    const image = page
      .getByRole("region", { name: "Over 90 styles in a dozen categories" })
      .getByRole("img", { name: "Astronaut style preview" });
    await expect(image).toHaveAttribute("src", "/images/work/astronaut.webp");
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    // The decoded picture: the child's two eyes are dark spots in the face, against the skin between
    // them (the old silhouette's face was one pale, even tint there).
    const pixels = await image.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      context.drawImage(img, 0, 0);
      const luminance = (x: number, y: number) => {
        const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data;
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      // The portrait circle of a 480×600 preview: centre (240, 276), radius 163.2; the child is drawn
      // in its 200-unit box (child-art.ts): eyes at (86.5, 91) and (116.5, 91), skin at (100, 88).
      const at = (u: number, v: number) =>
        luminance(Math.round(76.8 + u * 1.632), Math.round(112.8 + v * 1.632));
      return { leftEye: at(86.5, 91), rightEye: at(116.5, 91), between: at(100, 88) };
    });
    expect(pixels.between - pixels.leftEye).toBeGreaterThan(60);
    expect(pixels.between - pixels.rightEye).toBeGreaterThan(60);
    // And the file served is the checked-in art, not something else with dark spots.
    const served = await page.request.get("/images/work/astronaut.webp");
    expect(
      Buffer.from(await served.body()).equals(readFileSync(path.join(publicImages, "work/astronaut.webp"))),
    ).toBe(true);
  });

  test("shows an operator's sample image dropped into the samples folder instead of the drawn art", async ({
    page,
    isMobile,
  }) => {
    // Each project its own style (they share one server), and no file left by an earlier try.
    const sample = isMobile
      ? { id: "viking", title: "Viking", art: "/images/warriors/viking.webp" }
      : { id: "surfer", title: "Surfer", art: "/images/sports/surfer.webp" };
    const file = path.join(samplesDir, `${sample.id}.webp`);
    rmSync(file, { force: true });
    await page.goto("/sign-up");
    const image = page
      .getByRole("region", { name: "Over 90 styles in a dozen categories" })
      .getByRole("img", { name: `${sample.title} style preview` });
    await expect(image).toHaveAttribute("src", sample.art);

    // A real picture (another style's art) under this id: no restart, the next page load shows it.
    mkdirSync(samplesDir, { recursive: true });
    const picture = readFileSync(path.join(publicImages, "work/astronaut.webp"));
    writeFileSync(file, picture);
    await page.reload();
    await expect(image).toHaveAttribute("src", new RegExp(`^/samples/${sample.id}\\?v=[a-z0-9]+$`));
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    const src = (await image.getAttribute("src")) ?? "";
    const served = await page.request.get(src);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toContain("max-age");
    expect(Buffer.from(await served.body()).equals(picture)).toBe(true);
  });
});
