import { readFile } from "node:fs/promises";
import { editBillingDetailsEndpoint } from "@wonderkin/contract";
import { buyPlanThroughApi } from "../support/billing";
import { accessibilityViolations, expect, test } from "../support/fixtures";
import { newParent, signUpVerified } from "../support/flows";
import { waitForMailLink } from "../support/mailbox";

test("after a purchase, the receipt's link and billing history offer the invoice as a PDF", async ({
  page,
}) => {
  // Sign-up, a purchase, its e-mail and a download: more steps than most tests.
  test.setTimeout(90_000);
  const parent = await signUpVerified(page, newParent("Iris"));
  const token = await page.evaluate(() => localStorage.getItem("wonderkin.session-token"));
  const saved = await page.request.post(editBillingDetailsEndpoint.path, {
    headers: { authorization: `Bearer ${token}` },
    data: { details: { name: "Iris Invoicewell", city: "Leeds", country: "GB", taxId: "GB111222333" } },
  });
  expect(saved.status()).toBe(200);
  await buyPlanThroughApi(page, 1);

  // The receipt e-mail links to the history page, naming the payment's invoice.
  const link = await waitForMailLink(page.request, parent.email, "payment-receipt");
  const number = new URL(link).searchParams.get("invoice") ?? "";
  expect(number).toMatch(/^WK-\d{4}-\d{6}$/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: `Invoice ${number}` })).toBeVisible();

  const row = page
    .getByTestId("history-entry")
    .filter({ visible: true })
    .filter({ hasText: "Magician (monthly)" });
  const invoiceLink = row.getByRole("link", {
    name: new RegExp(`^Invoice ${number} for Magician \\(monthly\\)`),
  });
  await expect(invoiceLink).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // The link itself serves a PDF…
  const href = (await invoiceLink.getAttribute("href")) ?? "";
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // …and clicking it downloads the file under the invoice's number.
  const downloading = page.waitForEvent("download");
  await invoiceLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = await readFile((await download.path()) ?? "");
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");
});
