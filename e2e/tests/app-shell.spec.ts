import { buyPlanThroughApi } from "../support/billing";
import { accessibilityViolations, expect, ONE_SIZE, TOASTS, test } from "../support/fixtures";
import { signUpVerified } from "../support/flows";

test.describe("the app shell for a signed-out visitor", () => {
  test("home sends a new visitor to sign-up, titled with the product name and a dark theme colour", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page).toHaveTitle("Wonderkin");
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute("content");
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(themeColor?.slice(i, i + 2) ?? "ff", 16));
    // Relative luminance well below mid-grey: a dark theme colour.
    expect(0.2126 * (r ?? 255) + 0.7152 * (g ?? 255) + 0.0722 * (b ?? 255)).toBeLessThan(60);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a protected page sends the visitor to sign-up and remembers where they were going", async ({
    page,
  }) => {
    await page.goto("/kids/choose-theme?from=mail");
    await expect(page).toHaveURL(/\/sign-up\?returnUrl=%2Fkids%2Fchoose-theme%3Ffrom%3Dmail$/);
  });

  test("a studio link with an invalid child id is still protected", async ({ page }) => {
    await page.goto("/kids/children/007/magic-studio");
    await expect(page).toHaveURL(/\/sign-up\?returnUrl=/);
  });

  test("public pages open without an account", async ({ page }) => {
    for (const path of ["/sign-in", "/sign-up", "/privacy-policy", "/verify-email", "/finalize-signup"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    }
  });

  test("a public page is painted from the server's copy before its scripts run, then the app takes over", async ({
    browser,
    page,
  }) => {
    // Without scripts: the copy alone, inert, styled within the page's policy (the landing's tiles
    // carry inline styles, allowed by hash).
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    try {
      const copyPage = await noScripts.newPage();
      const violations: string[] = [];
      copyPage.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      for (const [path, heading] of [
        ["/sign-in", "Welcome back"],
        ["/sign-up", "Create your account"],
        ["/privacy-policy", "Privacy policy"],
      ] as const) {
        await copyPage.goto(path);
        const copy = copyPage.locator("#wonderkin-prerendered-page");
        await expect(copy, path).toHaveAttribute("inert", "");
        await expect(copy.getByText(heading, { exact: true }).first(), path).toBeVisible();
      }
      expect(violations).toEqual([]);
    } finally {
      await noScripts.close();
    }

    // With scripts: the app replaces the copy and the form takes input.
    await page.goto("/sign-in");
    await expect(page.locator("#wonderkin-prerendered-page")).toHaveCount(0);
    await page.getByLabel("E-mail").fill("parent@example.com");
    await expect(page.getByLabel("E-mail")).toHaveValue("parent@example.com");
  });

  test("an unknown address shows a real 404 page with a way home", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page.getByRole("heading", { name: "This page wandered off" })).toBeVisible();
    await page.getByRole("link", { name: "Take me home" }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test("pages pass the accessibility checks", async ({ page }) => {
    for (const path of ["/sign-up", "/privacy-policy", "/nope"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
});

test.describe("the API behind the app", { tag: ONE_SIZE }, () => {
  test("is ready, and answers unknown routes with the JSON error shape", async ({ request }) => {
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);
    expect((await ready.json()).status).toBe("ready");
    const missing = await request.get("/api/nope");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ code: "NOT_FOUND", message: "Nothing here: GET /api/nope" });
  });
});

test.describe("when the server cannot be reached", () => {
  test("the app says so and recovers on retry, instead of treating the parent as signed out", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/net::ERR_FAILED/);
    await page.route("**/api/auth/get-session*", (route) => route.abort("failed"));
    await page.goto("/account/settings");
    await expect(page.getByRole("heading", { name: "We couldn't reach Wonderkin" })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/settings$/);
    await page.unroute("**/api/auth/get-session*");
    await page.getByRole("button", { name: "Try again" }).click();
    // Signed out in fact: now the guard can decide.
    await expect(page).toHaveURL(/\/sign-up\?returnUrl=%2Faccount%2Fsettings$/);
  });
});

test.describe("toasts", () => {
  test("open below the header, never over the credit balance or the account menu", async ({ page }) => {
    await signUpVerified(page);
    await buyPlanThroughApi(page);
    await page.goto("/account/settings");
    const header = page.getByRole("banner");
    const credits = page.getByTestId("header-credits");
    await expect(credits).toBeVisible();
    await page.getByLabel("First name").fill("Augusta");
    await page.getByRole("button", { name: "Save profile" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Your profile is saved." });
    await expect(toast).toBeVisible();
    // Once it has slid in.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running"),
    );
    const toastBox = await toast.boundingBox();
    const headerBox = await header.boundingBox();
    expect(toastBox && headerBox, "the toast and the header are on screen").toBeTruthy();
    if (!toastBox || !headerBox) return;
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    for (const covered of [credits, page.getByRole("navigation", { name: "Account" })]) {
      const box = await covered.boundingBox();
      expect(box).toBeTruthy();
      if (box) expect(box.y + box.height).toBeLessThanOrEqual(toastBox.y);
    }
    // Page scans leave toasts out (they come and go mid-scan); this one is checked once it is shown.
    expect(await accessibilityViolations(page, { only: TOASTS })).toEqual([]);
  });
});
