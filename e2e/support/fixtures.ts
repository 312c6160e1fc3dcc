import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type ConsoleGuard = {
  /** Lets a test expect a console error it provokes on purpose (e.g. a request it makes fail). */
  allow(pattern: RegExp): void;
};

type Fixtures = {
  /** Fails the test on any console error or uncaught exception in the page (CSP violations included). */
  consoleGuard: ConsoleGuard;
};

/**
 * Collects console errors and uncaught exceptions of a page into the returned array. Chromium logs
 * every 4xx answer to fetch; those are answers the page handles (a wrong password, a used link), so
 * they are allowed. Server errors (5xx) and everything else are collected.
 */
export function watchConsoleErrors(page: Page, allowed: RegExp[] = []): string[] {
  const errors: string[] = [];
  const answered = /^Failed to load resource: .* status of 4\d\d/;
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // `allowed` is read at each message: a test may add to it as it goes.
    if (!answered.test(text) && !allowed.some((pattern) => pattern.test(text))) {
      errors.push(`console.error: ${text}`);
    }
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * The public pages arrive with an inert, server-rendered copy that the app replaces once it runs
 * (decision 0037); `load` can come before that. A parent waits for the page to come alive before
 * typing into it, and so does a test: every full page load of a page passed through here returns
 * once the app has taken over. The `page` fixture is; a page a test opens itself should be too. (A
 * test about the copy itself leaves its page as it is.)
 */
export function waitingForTheApp(page: Page): Page {
  const waitForTheApp = () =>
    page.waitForFunction(() => !document.getElementById("wonderkin-prerendered-page"));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForTheApp();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForTheApp();
    return response;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors = watchConsoleErrors(page, allowed);
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { ONE_SIZE } from "./tags";
export { expect };

/** sonner's toast region. */
export const TOASTS = "[data-sonner-toaster]";

/**
 * Serious and critical accessibility violations on the current page (WCAG 2.1 A and AA). Toasts come
 * and go on their own time (an upload or a training step can raise one during the scan, mid-fade),
 * so a page's scan leaves them out; `only: TOASTS` scans the toasts themselves once they are shown
 * (app-shell.spec's toast test).
 */
export async function accessibilityViolations(page: Page, options: { only?: string } = {}) {
  // Contrast is measured on what is on screen: let entrance transitions (a toast sliding in) end
  // first. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (options.only ? builder.include(options.only) : builder.exclude(TOASTS)).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    );
}
