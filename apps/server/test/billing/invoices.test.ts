import { billingErrorCodes } from "@wonderkin/contract";
import { and, eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoice, mailOutbox, payment } from "../../src/db/schema";
import { grantDueCredits } from "../../src/modules/billing/grant-due-credits";
import { recordPayment } from "../../src/modules/billing/record-payment";
import { collectExportData } from "../../src/modules/privacy/collect-export-data";
import { eraseAccount } from "../../src/modules/privacy/erase-account";
import { exportDocument } from "../../src/modules/privacy/export-document";
import { createTestApp, type TestApp } from "../create-test-app";
import { type TestParent, verifiedParent } from "../support/families";
import { post } from "../support/identity";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    INVOICE_SELLER_NAME: "Wonderkin Test Ltd",
    INVOICE_SELLER_ADDRESS: "1 High Street; London N1 1AA; United Kingdom",
    INVOICE_SELLER_TAX_ID: "GB123456789",
    INVOICE_TAX_RATE_PERCENT: "20",
  });
});
afterAll(async () => {
  await t.close();
});

const year = new Date().getUTCFullYear();
const numberPattern = new RegExp(`^WK-${year}-\\d{6}$`);
const sequenceOf = (number: string) => Number(number.split("-")[2]);

/** Buys through the local checkout, as its Pay button does. */
async function buy(as: TestParent, item: { planId: number } | { topUpId: string }) {
  const started = await post(t.app, "/api/subscription/create-checkout-session", item, as.token);
  expect(started.statusCode, started.body).toBe(200);
  const { sessionId } = started.json();
  const completed = await post(t.app, "/api/subscription/create", { sessionId }, as.token);
  expect(completed.statusCode, completed.body).toBe(200);
  return sessionId as string;
}

async function invoicesOf(userId: string) {
  const rows = await t.database.db
    .select({ invoice })
    .from(invoice)
    .innerJoin(payment, eq(payment.id, invoice.paymentId))
    .where(eq(payment.userId, userId))
    .orderBy(invoice.number);
  return rows.map((row) => row.invoice);
}

async function historyPayments(as: TestParent) {
  const history = await post(t.app, "/api/subscription/history", {}, as.token);
  expect(history.statusCode, history.body).toBe(200);
  return (
    history.json().entries as {
      kind: string;
      invoice: { number: string; url: string; providerUrl: string | null } | null;
    }[]
  ).filter((entry) => entry.kind === "payment");
}

const download = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe("invoices", () => {
  it("issues one numbered invoice per payment, with the buyer's details as given at checkout", async () => {
    const ada = await verifiedParent(t.app, t.database.db, { firstName: "Ada" });
    const saved = await post(
      t.app,
      "/api/subscription/edit-billing-details",
      {
        details: {
          name: "Ada Lovelace",
          addressLine: "12 St James's Square",
          city: "London",
          postalCode: "SW1Y 4JH",
          country: "GB",
          taxId: "GB987654321",
        },
      },
      ada.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const sessionId = await buy(ada, { planId: 1 });
    // A second Pay on the same checkout records nothing, so issues nothing.
    await post(t.app, "/api/subscription/create", { sessionId }, ada.token);
    await buy(ada, { topUpId: "top-up-20" });

    const issued = await invoicesOf(ada.userId);
    expect(issued).toHaveLength(2);
    const [plan, topUp] = issued;
    expect(plan?.number).toMatch(numberPattern);
    expect(sequenceOf(topUp?.number ?? "")).toBe(sequenceOf(plan?.number ?? "") + 1);
    expect(plan?.buyer).toMatchObject({ name: "Ada Lovelace", city: "London", taxId: "GB987654321" });
    expect(plan?.seller).toMatchObject({
      name: "Wonderkin Test Ltd",
      address: ["1 High Street", "London N1 1AA", "United Kingdom"],
    });
    // $14.99 including 20 % tax: 12.49 net + 2.50 tax.
    expect(plan).toMatchObject({ totalCents: 1499, netCents: 1249, taxCents: 250, taxRateBasisPoints: 2000 });

    // Editing the details later never changes an issued invoice.
    await post(t.app, "/api/subscription/edit-billing-details", { details: { name: "A. King" } }, ada.token);
    const [again] = await invoicesOf(ada.userId);
    expect(again?.buyer.name).toBe("Ada Lovelace");

    const receipt = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, ada.email), eq(mailOutbox.kind, "payment-receipt")))
      .orderBy(mailOutbox.id);
    expect(receipt[0]?.text).toContain(`Invoice: ${plan?.number}`);
    expect(receipt[0]?.link).toBe(
      `http://localhost:3000/account/subscription/view-history?invoice=${plan?.number}`,
    );
  });

  it("serves the PDF through the history's signed link and to its payer's session, and to nobody else", async () => {
    const bea = await verifiedParent(t.app, t.database.db, { firstName: "Bea" });
    await buy(bea, { planId: 1 });
    const [entry] = await historyPayments(bea);
    const number = entry?.invoice?.number ?? "";
    expect(number).toMatch(numberPattern);
    expect(entry?.invoice?.url).toMatch(
      new RegExp(`^/api/subscription/invoices/${number}\\.pdf\\?expires=\\d+&signature=`),
    );

    const signed = await download(entry?.invoice?.url ?? "");
    expect(signed.statusCode).toBe(200);
    expect(signed.headers["content-type"]).toBe("application/pdf");
    expect(signed.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    expect(signed.headers["cache-control"]).toBe("private, no-store");
    expect(signed.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(signed.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain("Bea");
    expect(text).toContain("Wonderkin Test Ltd");
    expect(text).toContain("VAT 20% (included in the price)");
    expect(text).toContain("$14.99");

    const path = `/api/subscription/invoices/${number}.pdf`;
    expect((await download(path, bea.token)).statusCode).toBe(200);

    const cyd = await verifiedParent(t.app, t.database.db, { firstName: "Cyd" });
    const foreign = await download(path, cyd.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(billingErrorCodes.invoiceNotFound);
    const unknown = await download(`/api/subscription/invoices/WK-${year}-999999.pdf`, bea.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(billingErrorCodes.invoiceNotFound);
    expect((await download("/api/subscription/invoices/not-a-number.pdf", bea.token)).json().code).toBe(
      billingErrorCodes.invoiceNotFound,
    );
    // Without a session, only a genuine signature opens it: a forged one is a sign-in request.
    expect((await download(path)).statusCode).toBe(401);
    const forged = (entry?.invoice?.url ?? "").replace(/signature=[^&]+/, "signature=forged");
    expect((await download(forged)).statusCode).toBe(401);
    const otherNumber = (entry?.invoice?.url ?? "").replace(number, `WK-${year}-000001`);
    expect((await download(otherNumber)).statusCode).toBe(401);
  });

  it("gives a number back when its payment rolls back, so the series has no gaps", async () => {
    const dan = await verifiedParent(t.app, t.database.db, { firstName: "Dan" });
    await buy(dan, { topUpId: "top-up-20" });
    const [first] = await invoicesOf(dan.userId);
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordPayment(tx, {
          invoicing: t.domain.billing.invoicing,
          payment: {
            id: "pay_rolled_back",
            userId: dan.userId,
            description: "20 extra credits",
            amountCents: 499,
            currency: "USD",
            provider: "local",
            providerPaymentId: "local:rolled-back",
          },
        });
        throw new Error("the order failed after its payment was recorded");
      }),
    ).rejects.toThrow("the order failed");
    // Concurrent payments take turns on the series: consecutive numbers, none twice.
    await Promise.all([1, 2, 3].map(() => buy(dan, { topUpId: "top-up-20" })));
    const numbers = (await invoicesOf(dan.userId)).map((row) => sequenceOf(row.number));
    const start = sequenceOf(first?.number ?? "");
    expect(numbers).toEqual([start, start + 1, start + 2, start + 3]);
  });

  it("invoices a local renewal, and keeps the invoices of a deleted account without serving them", async () => {
    const eve = await verifiedParent(t.app, t.database.db, { firstName: "Eve" });
    await buy(eve, { planId: 1 });
    await grantDueCredits(t.domain.billing, new Date(Date.now() + 31 * 86_400_000));
    const issued = await invoicesOf(eve.userId);
    expect(issued).toHaveLength(2);
    expect(issued[1]?.lines[0]?.description).toBe("Magician renewal");

    const exported = await collectExportData(t.database.db, eve.userId);
    if (!exported) throw new Error("no export data");
    const document = exportDocument(exported, new Map(), new Date(), { publicUrl: "http://localhost:3000" });
    expect(document.invoices.map((row) => row.file)).toEqual(
      issued.map((row) => `invoices/${row.number}.pdf`),
    );

    const [entry] = await historyPayments(eve);
    await eraseAccount(t.privacy, { userId: eve.userId, reason: "requested" });
    const kept = await t.database.db
      .select()
      .from(invoice)
      .where(eq(invoice.number, issued[0]?.number ?? ""));
    expect(kept[0]?.buyer.email).toBe(eve.email);
    const afterDeletion = await download(entry?.invoice?.url ?? "");
    expect(afterDeletion.statusCode).toBe(404);
    expect(afterDeletion.json().code).toBe(billingErrorCodes.invoiceNotFound);
  });
});
