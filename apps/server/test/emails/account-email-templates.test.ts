import { describe, expect, it } from "vitest";
import {
  emailChangedEmail,
  passwordChangedEmail,
  paymentReceiptEmail,
  type RenderedEmail,
  subscriptionCancelledEmail,
} from "../../src/emails";

const appName = "Pixie Portraits";
const hostile = "<script>alert(1)</script>";
const url = "https://app.example.com/account/subscription/view-history?a=1&b=2";
const day = new Date("2026-11-23T10:00:00Z");

const all: { name: string; email: RenderedEmail }[] = [
  {
    name: "paymentReceiptEmail",
    email: paymentReceiptEmail({
      appName,
      firstName: hostile,
      itemName: `Ready to print ${hostile}`,
      amountCents: 200,
      currency: "usd",
      paidAt: day,
      includes: "Your print allowance grew by 10 prints.",
      reference: "pay_123",
      testPayment: false,
      historyUrl: url,
    }),
  },
  {
    name: "subscriptionCancelledEmail",
    email: subscriptionCancelledEmail({
      appName,
      firstName: hostile,
      planName: "Magician",
      endsAt: day,
      endedNow: false,
      url,
    }),
  },
  {
    name: "passwordChangedEmail",
    email: passwordChangedEmail({
      appName,
      firstName: hostile,
      how: "changed",
      changedAt: day,
      resetUrl: url,
    }),
  },
  {
    name: "emailChangedEmail",
    email: emailChangedEmail({
      appName,
      firstName: hostile,
      newEmail: "new@example.com",
      secureUrl: url,
      validFor: "7 days",
    }),
  },
];

describe.each(all)("$name", ({ email }) => {
  it("has an HTML document and a plain-text part, both with the product's name and the link", () => {
    expect(email.html.startsWith("<!doctype html><html")).toBe(true);
    expect(email.subject).toContain(appName);
    expect(email.text).toContain(appName);
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
  });

  it("escapes what a person typed", () => {
    expect(email.html).not.toContain("<script");
    expect(email.text).not.toContain("\n<script>alert(1)</script>\n");
  });
});

describe("the receipt", () => {
  const receipt = all[0]?.email as RenderedEmail;

  it("lists item, amount, date and reference in both parts, with no credits line when it added none", () => {
    for (const line of ["Amount: $2.00", "Date: November 23, 2026", "Reference: pay_123"]) {
      expect(receipt.text).toContain(line);
    }
    expect(receipt.html).toContain("$2.00");
    expect(receipt.html).toContain("November 23, 2026");
    expect(receipt.text).toContain("Your print allowance grew by 10 prints.");
    expect(receipt.text).not.toContain("Credits added");
    expect(receipt.text).not.toContain("This link is valid for");
    expect(receipt.text).not.toContain("test checkout");
  });

  it("says so when no money changed hands, and counts the credits", () => {
    const local = paymentReceiptEmail({
      appName,
      firstName: "Ada",
      itemName: "60 extra credits",
      amountCents: 1999,
      currency: "EUR",
      paidAt: day,
      credits: 60,
      reference: "pay_9",
      testPayment: true,
      historyUrl: url,
    });
    expect(local.text).toContain("Amount: €19.99");
    expect(local.text).toContain("Credits added: 60");
    expect(local.text).toContain("no money changed hands");
  });
});

describe("the cancellation", () => {
  it("names the end day, or says the plan has ended", () => {
    expect(all[1]?.email.text).toContain("It keeps working until November 23, 2026");
    const ended = subscriptionCancelledEmail({
      appName,
      firstName: "Ada",
      planName: "Oracle",
      endsAt: day,
      endedNow: true,
      url,
    });
    expect(ended.text).toContain("was cancelled and ended on November 23, 2026");
  });
});

describe("the e-mail change notice", () => {
  it("names the new address and how long the way back works", () => {
    expect(all[3]?.email.text).toContain("now uses new@example.com");
    expect(all[3]?.email.text).toContain("This link is valid for 7 days.");
    expect(all[3]?.email.text).toContain("This wasn't me: secure my account");
  });
});
