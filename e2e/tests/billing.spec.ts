import type { Page } from "@playwright/test";
import { acceptTermsEndpoint, CONSENT_AGREEMENT_VERSION, creditMessages } from "@wonderkin/contract";
import { adjustCredits, buyPlanThroughUi } from "../support/billing";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";

/** Consent to the agreement through the API (its page is children-and-photos.spec's subject). */
async function consentThroughApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("wonderkin.session-token"));
  const response = await page.request.post(acceptTermsEndpoint.path, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      version: CONSENT_AGREEMENT_VERSION,
      confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
    },
  });
  expect(response.status()).toBe(200);
}

function headerCredits(page: Page) {
  return page.getByTestId("header-credits");
}

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: /^Account:/ }).click();
}

test.describe("plans, credits and the subscription", () => {
  test("a parent buys Magician, tops up, runs out of credits, and cancels after declining the offer", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const parent = await signUpVerified(page, newParent("Ada"));
    await consentThroughApi(page);

    // Without a plan, every /kids page leads to the plans.
    await page.goto("/kids/add-children");
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    await expect(page.getByRole("heading", { name: "Choose your plan", level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Plans" }).getByRole("article")).toHaveCount(3);
    const magician = page.getByRole("article", { name: "Magician" });
    await expect(magician).toContainText("Most popular");
    await expect(magician.getByTestId("plan-price")).toHaveText("$14.99");
    await expect(magician).toContainText("Create video · 5 animated clips of your portraits+$2");
    await expect(magician).toContainText("Ready to print · 10 ready-to-print A4 files+$2");
    // Oracle's Extra child (decision 0051) and its videos are sold now: nothing is "coming soon".
    await expect(page.getByRole("article", { name: "Oracle" }).getByText("Coming soon")).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Oracle" })).toContainText(
      "Extra child · 1 more child in your family+$9.99",
    );
    await expect(page.getByRole("article", { name: "Alchemist" }).getByTestId("plan-price")).toHaveText(
      "$19",
    );
    // Yearly: the yearly prices, the saving; Alchemist stays one-time.
    await page.getByRole("radio", { name: /^Yearly/ }).check();
    await expect(magician.getByTestId("plan-price")).toHaveText("$149.90");
    await expect(magician).toContainText("$12.49 a month, billed yearly. Save 16%.");
    await expect(page.getByRole("article", { name: "Alchemist" }).getByTestId("plan-price")).toHaveText(
      "$19",
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("radio", { name: /^Monthly/ }).check();

    // The built-in checkout: the order, and plainly no real payment.
    await magician.getByRole("button", { name: "Choose Magician" }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
    await expect(page.getByTestId("checkout-item")).toHaveText("Magician (monthly)");
    await expect(page.getByTestId("checkout-total")).toHaveText("$14.99");
    await expect(page.getByText("This is the built-in test checkout.")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    const checkoutUrl = page.url();
    await page.getByRole("button", { name: "Pay $14.99" }).click();

    // On to the child, with the plan's 100 images.
    await expect(page.getByText("Magician is active: 100 images are yours.")).toBeVisible();
    await expect(page).toHaveURL(/\/kids\/add-children\?success=true$/);
    await expect(page.getByRole("heading", { name: "Add your child" })).toBeVisible();
    await expect(headerCredits(page)).toContainText("100");
    await openAccountMenu(page);
    await expect(page.getByTestId("menu-credits")).toHaveText("100");
    await page.keyboard.press("Escape");

    // A paid checkout cannot be paid twice.
    await page.goto(checkoutUrl);
    await expect(page.getByRole("heading", { name: "This order is already paid" })).toBeVisible();

    // The child the choose-theme rule needs.
    await page.goto("/kids/add-children");
    await page.getByLabel("Your child's first name").fill("Mia");
    await page.getByLabel("Age in years").selectOption("5");
    await page.getByRole("radio", { name: "Girl" }).check();
    await page.getByRole("button", { name: "Add Mia" }).click();
    await expect(page).toHaveURL(/\/kids\/upload-tips\?child=\d+$/);

    // A top-up adds to the balance.
    await page.goto("/kids/top-up-credit-plans");
    await expect(page.getByTestId("credit-balance")).toHaveText("100 credits");
    await expect(page.getByRole("article", { name: "150 credits" })).toContainText("Best value");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Buy 20 credits" }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
    await expect(page.getByTestId("checkout-item")).toHaveText("20 extra credits");
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await expect(page.getByText("20 credits added. You now have 120 credits.")).toBeVisible();
    await expect(page).toHaveURL(/\/kids\/top-up-credit-plans\?success=true$/);
    await expect(page.getByText("Thank you! Your credits are in.")).toBeVisible();
    await expect(page.getByTestId("credit-balance")).toHaveText("120 credits");
    await expect(headerCredits(page)).toContainText("120");

    // Every credit spent (there is no generation yet: support takes them through the admin API).
    expect(await adjustCredits(page, parent.email, -120, "e2e: spent on portraits")).toBe(0);
    await page.goto("/kids/choose-theme");
    await expect(page.getByText(creditMessages.insufficientCredits, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/subscription\/manage$/);
    await expect(page.getByTestId("credit-balance")).toHaveText("0 credits");
    await expect(page.getByText("You've used all your credits.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("plan-name")).toHaveText("Magician");
    await expect(page.getByTestId("plan-status")).toHaveText("Active");
    await expect(page.getByText(/^Renews on$/i)).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Cancelling: the retention offer first, declined.
    await page.getByRole("button", { name: "Cancel plan" }).click();
    const offer = page.getByRole("dialog", { name: "Before you go: 30% off Magician" });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText("your next 3 monthly renewals");
    expect(await accessibilityViolations(page)).toEqual([]);
    await offer.getByRole("button", { name: "No thanks, cancel" }).click();
    await expect(offer).toBeHidden();
    await expect(
      page.getByText(/^Your plan is cancelled\. It keeps working until \w+ \d{1,2}, \d{4}\.$/),
    ).toBeVisible();
    await expect(page.getByTestId("plan-status")).toHaveText("Cancelled");
    const cancelled = page.getByTestId("cancelled-notice");
    await expect(cancelled).toContainText(
      /You can keep using Magician until \w+ \d{1,2}, \d{4}; after that it won't renew\./,
    );
    await page.reload();
    await expect(page.getByTestId("plan-status")).toHaveText("Cancelled");
    await expect(page.getByRole("button", { name: "Keep my plan, with 30% off" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel plan" })).toHaveCount(0);

    // The history lists both payments and every credit movement.
    await openAccountMenu(page);
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Billing history" })
      .click();
    await expect(page).toHaveURL(/\/account\/subscription\/view-history$/);
    const entries = page.getByTestId("history-entry").filter({ visible: true });
    await expect(entries).toHaveCount(5);
    await expect(entries.filter({ hasText: "Magician (monthly)" })).toContainText("$14.99");
    await expect(
      entries.filter({ hasText: "20 extra credits" }).filter({ hasText: "Payment" }),
    ).toContainText("$4.99");
    await expect(entries.filter({ hasText: "Magician: 100 images" })).toContainText("+100 credits");
    await expect(entries.filter({ hasText: "e2e: spent on portraits" })).toContainText("\u2212120 credits");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("a parent without a plan is invited to choose one; a checkout can be left or not found", async ({
    page,
  }) => {
    await signUpVerified(page, newParent("Bo"));
    await page.goto("/account/subscription/manage");
    await expect(page.getByRole("heading", { name: "You don't have a plan yet" })).toBeVisible();
    await expect(page.getByTestId("credit-balance")).toHaveText("0 credits");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto("/account/subscription/view-history");
    await expect(page.getByRole("heading", { name: "Nothing here yet" })).toBeVisible();

    // Leaving the checkout charges nothing and goes back to the plans.
    await page.goto("/kids/select-plan");
    await page.getByRole("button", { name: "Choose Oracle" }).click();
    await expect(page.getByTestId("checkout-item")).toHaveText("Oracle (monthly)");
    const checkoutUrl = page.url();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByText("Checkout cancelled. Nothing was charged.")).toBeVisible();
    await expect(page).toHaveURL(/\/kids\/select-plan$/);
    await page.goto(checkoutUrl);
    await expect(page.getByRole("heading", { name: "This checkout was cancelled" })).toBeVisible();
    await page.goto("/checkout/cs_not-a-real-checkout");
    await expect(page.getByRole("heading", { name: "We couldn't find this checkout" })).toBeVisible();
  });

  test("a yearly plan shows its monthly images; the retention offer kept; billing details saved", async ({
    page,
  }) => {
    await signUpVerified(page, newParent("Cleo"));
    await buyPlanThroughUi(page, { planName: "Oracle", cycle: "yearly" });
    await expect(headerCredits(page)).toContainText("200");

    await page.goto("/account/subscription/manage");
    await expect(page.getByTestId("plan-name")).toHaveText("Oracle");
    await expect(page.getByText("Yearly", { exact: true })).toBeVisible();
    await expect(page.getByText(/^200 on \w+ \d{1,2}, \d{4}$/)).toBeVisible();

    // A change of plan marks the current one.
    await page.getByRole("link", { name: "Change plan" }).click();
    await expect(page).toHaveURL(/\/kids\/select-plan\?changePlan=1$/);
    await expect(page.getByRole("heading", { name: "Change your plan" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Your current plan" })).toBeDisabled();
    await page.getByRole("link", { name: "Back to your subscription" }).click();

    // The offer, taken: the plan stays, discounted.
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await page.getByRole("button", { name: "Keep my plan with the discount" }).click();
    await expect(page.getByText("Oracle stays, with 30% off your next 3 renewals.")).toBeVisible();
    await expect(page.getByTestId("plan-status")).toHaveText("Active");
    await expect(page.getByText("30% off your next 3 renewals", { exact: true })).toBeVisible();

    // Billing details: checked on the page, then kept.
    await page.getByLabel("Country").fill("1x");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await expect(page.getByText("Enter the name for invoices.")).toBeVisible();
    await expect(page.getByText("Use the two-letter country code (GB, US, DE…).")).toBeVisible();
    await page.getByLabel("Name on invoices").fill("Cleo Family Ltd");
    await page.getByLabel("Address").fill("1 Main Street");
    await page.getByLabel("City").fill("Dublin");
    await page.getByLabel("Country").fill("ie");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await expect(page.getByText("Your billing details are saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name on invoices")).toHaveValue("Cleo Family Ltd");
    await expect(page.getByLabel("Country")).toHaveValue("IE");
  });
});
