import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { invoice, payment } from "../../db/schema";

type InvoiceRow = typeof invoice.$inferSelect;
type PaymentRow = Pick<typeof payment.$inferSelect, "paidAt" | "provider">;

const A4 = [595.28, 841.89] as const;
const MARGIN = 56;
const INK = rgb(0.11, 0.08, 0.2);
const MUTED = rgb(0.42, 0.4, 0.5);
const LINE = rgb(0.85, 0.84, 0.9);

/**
 * The standard PDF fonts are built into every reader and into pdf-lib (nothing is downloaded or
 * embedded), but they only cover the Windows-1252 characters: others lose their accents
 * (Łukasz → Lukasz) or, with none left, become "?" — the stored invoice keeps the exact text.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const plain = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return [...plain].every((part) => supported.has(part.codePointAt(0) ?? 0)) && plain ? plain : "?";
    })
    .join("");
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

const day = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)}%`;

type Pen = {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  text(
    value: string,
    x: number,
    y: number,
    options?: { bold?: boolean; size?: number; muted?: boolean },
  ): void;
  right(value: string, xRight: number, y: number, options?: { bold?: boolean; size?: number }): void;
};

function penFor(page: PDFPage, regular: PDFFont, bold: PDFFont): Pen {
  const fontOf = (isBold?: boolean) => (isBold ? bold : regular);
  return {
    page,
    regular,
    bold,
    text(value, x, y, options = {}) {
      const font = fontOf(options.bold);
      page.drawText(printable(font, value), {
        x,
        y,
        size: options.size ?? 10,
        font,
        color: options.muted ? MUTED : INK,
      });
    },
    right(value, xRight, y, options = {}) {
      const font = fontOf(options.bold);
      const shown = printable(font, value);
      const size = options.size ?? 10;
      page.drawText(shown, { x: xRight - font.widthOfTextAtSize(shown, size), y, size, font, color: INK });
    },
  };
}

/** Lines of a party's block: name, address, e-mail and tax number, leaving out what is empty. */
function partyLines(party: {
  name: string;
  address: string[];
  email: string;
  taxId: string;
  taxLabel: string;
}): string[] {
  return [
    party.name,
    ...party.address,
    party.email,
    ...(party.taxId ? [`${party.taxLabel} number: ${party.taxId}`] : []),
  ].filter(Boolean);
}

/**
 * The invoice as a one-page A4 PDF, drawn from the row as issued (never from today's settings or
 * billing details), so the same invoice always prints the same.
 */
export async function renderInvoicePdf(row: InvoiceRow, paid: PaymentRow): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${row.number}`);
  doc.setAuthor(row.seller.name);
  doc.setCreationDate(row.issuedAt);
  doc.setModificationDate(row.issuedAt);
  const page = doc.addPage([...A4]);
  const pen = penFor(
    page,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const [width, height] = A4;
  const rightEdge = width - MARGIN;
  let y = height - MARGIN - 10;

  pen.text(row.seller.name, MARGIN, y, { bold: true, size: 18 });
  pen.right("INVOICE", rightEdge, y, { bold: true, size: 18 });
  y -= 34;
  const facts: [string, string][] = [
    ["Invoice number", row.number],
    ["Date of issue", day(row.issuedAt)],
    ["Paid on", day(paid.paidAt)],
  ];
  for (const [label, value] of facts) {
    pen.text(label, MARGIN, y, { muted: true });
    pen.text(value, MARGIN + 100, y, { bold: label === "Invoice number" });
    y -= 15;
  }

  y -= 18;
  const column = MARGIN + (rightEdge - MARGIN) / 2 + 10;
  pen.text("From", MARGIN, y, { muted: true, size: 9 });
  pen.text("Billed to", column, y, { muted: true, size: 9 });
  y -= 15;
  const seller = partyLines({ ...row.seller, taxLabel: row.taxLabel });
  const buyerAddress = [
    row.buyer.addressLine,
    [row.buyer.postalCode, row.buyer.city].filter(Boolean).join(" "),
    row.buyer.country,
  ].filter(Boolean);
  const buyer = partyLines({ ...row.buyer, address: buyerAddress, taxLabel: row.taxLabel });
  for (let index = 0; index < Math.max(seller.length, buyer.length); index++) {
    const first = index === 0;
    if (seller[index]) pen.text(seller[index] ?? "", MARGIN, y, { bold: first });
    if (buyer[index]) pen.text(buyer[index] ?? "", column, y, { bold: first });
    y -= 14;
  }

  y -= 24;
  const qtyRight = rightEdge - 190;
  const unitRight = rightEdge - 95;
  pen.text("Description", MARGIN, y, { bold: true, size: 9 });
  pen.right("Qty", qtyRight, y, { bold: true, size: 9 });
  pen.right("Unit price", unitRight, y, { bold: true, size: 9 });
  pen.right("Amount", rightEdge, y, { bold: true, size: 9 });
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: rightEdge, y }, thickness: 0.8, color: LINE });
  y -= 16;
  for (const line of row.lines) {
    pen.text(line.description, MARGIN, y);
    pen.right(String(line.quantity), qtyRight, y);
    pen.right(money(line.unitCents, row.currency), unitRight, y);
    pen.right(money(line.totalCents, row.currency), rightEdge, y);
    y -= 18;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 6 },
    end: { x: rightEdge, y: y + 6 },
    thickness: 0.8,
    color: LINE,
  });

  y -= 12;
  const totals: [string, string, boolean][] = [
    ["Net", money(row.netCents, row.currency), false],
    [
      row.taxRateBasisPoints === 0
        ? `${row.taxLabel}`
        : `${row.taxLabel} ${percent(row.taxRateBasisPoints)} (included in the price)`,
      money(row.taxCents, row.currency),
      false,
    ],
    [`Total (${row.currency})`, money(row.totalCents, row.currency), true],
  ];
  for (const [label, value, strong] of totals) {
    pen.right(label, unitRight, y, { bold: strong });
    pen.right(value, rightEdge, y, { bold: strong, ...(strong ? { size: 12 } : {}) });
    y -= 17;
  }
  y -= 14;
  const notes = [
    `Paid in full${paid.provider === "stripe" ? " by card through Stripe" : ""}. Nothing is due.`,
    ...(row.taxRateBasisPoints === 0 ? [`No ${row.taxLabel} was charged.`] : []),
    `Questions about this invoice: ${row.seller.email}, quoting ${row.number}.`,
  ];
  for (const note of notes) {
    pen.text(note, MARGIN, y, { muted: true, size: 9 });
    y -= 13;
  }
  return doc.save();
}
