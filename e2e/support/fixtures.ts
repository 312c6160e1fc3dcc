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

export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [
        // Chromium logs every 4xx answer to fetch; those are answers the page handles (a wrong
        // password, a used link). Server errors (5xx) and everything else still fail the test.
        /^Failed to load resource: .* status of 4\d\d/,
      ];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) errors.push(`console.error: ${text}`);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Serious and critical accessibility violations on the current page (WCAG 2.1 A and AA). */
export async function accessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(", ")})`,
    );
}
