import { addMemberEndpoint } from "@wonderkin/contract";
import { requestHeaders, skipStudioIntroThroughApi } from "../support/children";
import {
  accessibilityViolations,
  expect,
  test,
  waitingForTheApp,
  watchConsoleErrors,
} from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { waitForMailLink } from "../support/mailbox";
import { trainedChildWithPortrait } from "../support/studio";

/**
 * Decision 0050: a family member without a plan of their own sees the family's studio, gallery and
 * viewer (the family's plan is its owner's); creating asks the owner to share the credits, or for a
 * plan of their own. Looking never meets a paywall.
 */
test.describe("family access", () => {
  test("a member without a plan opens the studio and the viewer with no paywall, and is told whom to ask to create", async ({
    page,
    browser,
  }) => {
    // A hang detector, not a speed limit: two parents sign up, a model trains and a portrait renders.
    test.setTimeout(300_000);
    await signUpVerified(page, newParent("Ada"));
    const { childId } = await trainedChildWithPortrait(page, {
      planId: 3,
      firstName: "Mia",
      styleId: "fairy",
    });
    const grandpa = newParent("Grandpa");
    const invited = await page.request.post(addMemberEndpoint.path, {
      headers: await requestHeaders(page),
      data: { email: grandpa.email, role: "member" },
    });
    expect(invited.status()).toBe(200);

    // Grandpa, in his own browser, signs up (no plan) and accepts from the e-mail.
    const context = await browser.newContext();
    const grandpaPage = waitingForTheApp(await context.newPage());
    const errors = watchConsoleErrors(grandpaPage);
    await signUpVerified(grandpaPage, grandpa);
    await grandpaPage.goto(await waitForMailLink(grandpaPage.request, grandpa.email, "family-invitation"));
    await grandpaPage.getByRole("button", { name: "Join Ada's family" }).click();
    await expect(grandpaPage).toHaveURL(/\/account\/family$/);
    await expect(
      grandpaPage.getByRole("heading", { name: "Ada's family", level: 2, exact: true }),
    ).toBeVisible();
    await skipStudioIntroThroughApi(grandpaPage, childId);

    // Home takes him to Mia's studio, not to select-plan.
    await grandpaPage.goto("/");
    await expect(grandpaPage).toHaveURL(new RegExp(`/kids/children/${childId}/magic-studio$`));
    const gallery = grandpaPage.getByRole("list", { name: "Mia's portraits" });
    await expect(gallery.locator('[data-status="succeeded"]')).toHaveCount(1);
    const notice = grandpaPage.getByTestId("family-spending-notice");
    await expect(notice).toContainText("Ask them to share the family's credits");
    await expect(grandpaPage.getByRole("button", { name: /^Create \d portrait/ })).toHaveCount(0);
    expect(await accessibilityViolations(grandpaPage)).toEqual([]);

    await gallery.getByRole("button", { name: "Fairy portrait 1" }).click();
    const viewer = grandpaPage.getByRole("dialog", { name: "Mia as Fairy" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Download" })).toBeVisible();
    // Nothing is wider than the screen: on a phone the header holds four menus for a member of two
    // families, and a page wider than the screen stretched the viewer past its edge.
    expect(
      await grandpaPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await accessibilityViolations(grandpaPage)).toEqual([]);
    await expect(grandpaPage).toHaveURL(new RegExp(`/kids/children/${childId}/magic-studio`));
    // Closed, as he leaves it: an open viewer is part of the page's history entry, and a reload of
    // the same address (which the next visit is, to a browser) would show it again.
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();

    // Ada shares the family's credits from her family page; Grandpa's studio now offers to create.
    await page.goto("/account/family");
    const share = page.getByLabel("Let family members use the family's credits");
    await expect(share).not.toBeChecked();
    await share.check();
    await expect(share).toBeChecked();
    await grandpaPage.goto(`/kids/children/${childId}/magic-studio`);
    await expect(grandpaPage.getByRole("heading", { name: "2. Create portraits" })).toBeAttached();
    await expect(notice).toHaveCount(0);
    // His header shows what creating here takes: the family's credits, not his own empty balance.
    await expect(grandpaPage.getByTestId("header-credits")).toContainText(/\d+ family credits/);

    expect(errors, "errors in Grandpa's browser console").toEqual([]);
    await context.close();
  });
});
