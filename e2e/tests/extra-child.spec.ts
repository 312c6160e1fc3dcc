import type { Page } from "@playwright/test";
import { buyPlanThroughApi } from "../support/billing";
import { addChildThroughApi, skipStudioIntroThroughApi, uploadPhotoThroughApi } from "../support/children";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { childPhotoFiles } from "../support/photos";
import { trainChildThroughApi } from "../support/studio";

/** A child with ten photos of one face, trained, its studio introduction seen: all through the API. */
async function readyChild(page: Page, firstName: string, gender: "boy" | "girl") {
  const child = await addChildThroughApi(page, { firstName, age: 6, gender });
  for (const file of await childPhotoFiles(10)) await uploadPhotoThroughApi(page, child.id, file);
  await trainChildThroughApi(page, child.id);
  await skipStudioIntroThroughApi(page, child.id);
  return child;
}

test.describe("more than one child (decision 0051)", () => {
  test("an Oracle parent buys an Extra child, adds a second child and moves between the two studios", async ({
    page,
  }) => {
    // A hang detector, not a speed limit: two children's photos are checked and two models trained.
    test.setTimeout(360_000);
    await signUpVerified(page, newParent("Ada"));
    await buyPlanThroughApi(page, 3);
    const mia = await readyChild(page, "Mia", "girl");

    // The family is full: the page says so before the form, with the Extra child to buy.
    await page.goto("/kids/add-children");
    await expect(page.getByRole("heading", { name: "Your plan allows one child per family" })).toBeVisible();
    await expect(page.getByText("An Extra child makes room for one more, for $9.99 once.")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Buy an Extra child" }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
    await expect(page.getByTestId("checkout-item")).toHaveText(
      "Extra child add-on: 1 more child in your family",
    );
    await expect(
      page.getByText("Room for one more child in your family, for as long as you're on Oracle."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Pay $9.99" }).click();

    // Back where the parent was, now with the form.
    await expect(page).toHaveURL(/\/kids\/add-children\?addOn=success$/);
    await expect(page.getByText("Thank you! Your family has room for one more child.")).toBeVisible();
    await expect(page.getByLabel("Your child's first name")).toBeVisible();

    const leo = await readyChild(page, "Leo", "boy");

    // The header's switcher: from Mia's studio to Leo's.
    await page.goto(`/kids/children/${mia.id}/magic-studio`);
    await expect(page.getByRole("heading", { name: "Mia's magic studio" })).toBeVisible();
    const children = page.getByRole("navigation", { name: "Children" });
    await children.getByRole("button", { name: /^Child:/ }).click();
    await expect(children.getByRole("link", { name: /Studio of Mia/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // The open menu is whole on the screen, on a phone too (the switcher sits mid-header there).
    for (const name of [/Studio of Mia/, /Studio of Leo/]) {
      await expect(children.getByRole("link", { name })).toBeInViewport({ ratio: 1 });
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await children.getByRole("link", { name: /Studio of Leo/ }).click();
    await expect(page).toHaveURL(new RegExp(`/kids/children/${leo.id}/magic-studio$`));
    await expect(page.getByRole("heading", { name: "Leo's magic studio" })).toBeVisible();

    // The subscription page counts it among Oracle's add-ons.
    await page.goto("/account/subscription/manage");
    await expect(page.getByTestId("add-on-left-child")).toHaveText("1 extra child bought");
    await page.goto(`/kids/children/${leo.id}/magic-studio`);
    await expect(page.getByRole("heading", { name: "Leo's magic studio" })).toBeVisible();

    // The studio's own switcher: back to Mia's.
    await page.getByLabel("Studio of").selectOption({ label: "Mia" });
    await expect(page).toHaveURL(new RegExp(`/kids/children/${mia.id}/magic-studio$`));
    await expect(page.getByRole("heading", { name: "Mia's magic studio" })).toBeVisible();

    // Both are the family's; the first is still where a returning parent lands (spec §2).
    await page.goto("/kids/choose-theme");
    await expect(page).toHaveURL(new RegExp(`/kids/children/${mia.id}/magic-studio$`));
  });
});
