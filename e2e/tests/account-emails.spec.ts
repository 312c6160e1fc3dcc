import type { APIRequestContext, Page } from "@playwright/test";
import { completeCheckoutEndpoint, createCheckoutSessionEndpoint } from "@wonderkin/contract";
import { buyPlanThroughUi } from "../support/billing";
import { expect, ONE_SIZE, test } from "../support/fixtures";
import { signInThroughUi, signUpVerified } from "../support/flows";
import { uniqueEmail, waitForMail, waitForMailLink } from "../support/mailbox";

type OutboxMessage = { kind: string; subject: string; link: string | null; text: string };

/** Every message of a kind to an address in the local outbox, newest first. */
async function outbox(request: APIRequestContext, to: string, kind: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return messages.filter((message) => message.kind === kind);
}

/** A top-up bought and paid through the API (the local checkout), as the top-up page does. */
async function buyTopUp(page: Page, topUpId: string) {
  const token = await page.evaluate(() => localStorage.getItem("wonderkin.session-token"));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post(createCheckoutSessionEndpoint.path, { headers, data: { topUpId } });
  expect(created.status()).toBe(200);
  const { sessionId } = (await created.json()) as { sessionId: string };
  for (let press = 0; press < 2; press++) {
    const paid = await page.request.post(completeCheckoutEndpoint.path, { headers, data: { sessionId } });
    expect(paid.status()).toBe(200);
  }
}

test.describe("account e-mails", { tag: ONE_SIZE }, () => {
  test("a plan, a top-up and a cancellation each send one e-mail", async ({ page }) => {
    test.setTimeout(120_000);
    const parent = await signUpVerified(page);
    await buyPlanThroughUi(page, { planName: "Magician" });
    const receipt = await waitForMail(page.request, parent.email, "payment-receipt");
    expect(receipt.subject).toBe("Your Wonderkin receipt: Magician (monthly)");
    // To the billing history, at this payment's invoice (decision 0053).
    expect(receipt.link).toMatch(/\/account\/subscription\/view-history\?invoice=WK-\d{4}-\d{6}$/);

    // The receipt's link opens the billing history, which lists the same payment.
    await page.goto(receipt.link as string);
    // (The phone and desktop layouts each render the list; only one of them is shown.)
    await expect(page.getByText("Magician (monthly)").filter({ visible: true }).first()).toBeVisible();

    await buyTopUp(page, "top-up-20");
    await expect
      .poll(async () => (await outbox(page.request, parent.email, "payment-receipt")).length)
      .toBe(2);
    const [topUp] = await outbox(page.request, parent.email, "payment-receipt");
    expect(topUp?.subject).toBe("Your Wonderkin receipt: 20 extra credits");
    expect(topUp?.text).toContain("Credits added: 20");
    expect(topUp?.text).toContain("$");

    await page.goto("/account/subscription/manage");
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await page
      .getByRole("dialog", { name: /^Before you go/ })
      .getByRole("button", { name: "No thanks, cancel" })
      .click();
    await expect(page.getByTestId("plan-status")).toHaveText("Cancelled");
    const cancelled = await waitForMail(page.request, parent.email, "subscription-cancelled");
    expect(cancelled.subject).toBe("Your Magician plan is cancelled · Wonderkin");
    expect(cancelled.text).toMatch(/It keeps working until \w+ \d{1,2}, \d{4}/);
    expect(await outbox(page.request, parent.email, "subscription-cancelled")).toHaveLength(1);
    expect(await outbox(page.request, parent.email, "payment-receipt")).toHaveLength(2);
  });

  test("changing the password sends a notice with a way to reset it", async ({ page }) => {
    const parent = await signUpVerified(page);
    await page.goto("/account/change-password");
    await page.getByLabel("Current password").fill(parent.password);
    await page.getByLabel("New password", { exact: true }).fill("my new password 1");
    await page.getByLabel("Confirm password").fill("my new password 1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/signed out/i).first()).toBeVisible();
    const notice = await waitForMail(page.request, parent.email, "password-changed");
    expect(notice.subject).toBe("Your Wonderkin password was changed");
    expect(notice.link).toMatch(/\/reset-password$/);
    await page.goto(notice.link as string);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  });

  test("a changed e-mail tells the old address, whose link takes the account back", async ({ page }) => {
    test.setTimeout(90_000);
    const parent = await signUpVerified(page);
    const newEmail = uniqueEmail("moved");
    await page.goto("/account/settings");
    await page.getByLabel("New e-mail").fill(newEmail);
    await page.getByLabel("Current password").fill(parent.password);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByText(newEmail).first()).toBeVisible();
    await page.goto(await waitForMailLink(page.request, newEmail, "email-change"));
    await expect(page.getByRole("heading", { name: /confirmed/i })).toBeVisible();

    const notice = await waitForMail(page.request, parent.email, "email-changed");
    expect(notice.subject).toBe("Your Wonderkin e-mail address was changed");
    expect(notice.text).toContain(newEmail);
    // "This wasn't me": the account comes back to the old address and its password stops working.
    await page.goto(notice.link as string);
    await expect(page.getByRole("heading", { name: "Your account is safe again" })).toBeVisible();
    await expect(page.getByText(parent.email).first()).toBeVisible();

    await page.goto(await waitForMailLink(page.request, parent.email, "password-reset"));
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("mine again 12345");
    await page.getByLabel("Confirm password").fill("mine again 12345");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
    expect(await outbox(page.request, parent.email, "password-changed")).toHaveLength(1);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await signInThroughUi(page, parent.email, "mine again 12345");
    await expect(page).toHaveURL(/\/kids\//);
  });
});
