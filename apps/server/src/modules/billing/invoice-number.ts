/** An invoice number as issued: PREFIX-YEAR-NNNNNN (decision 0053). */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9]{1,10}-\d{4}-\d{6,}$/;

/** The series an invoice issued at `issuedAt` belongs to: one per prefix and calendar year (UTC). */
export const invoiceSeries = (prefix: string, issuedAt: Date) => `${prefix}-${issuedAt.getUTCFullYear()}`;

/** WK-2026 and 123 → WK-2026-000123 (six digits at least, so numbers sort as text within a year). */
export const formatInvoiceNumber = (series: string, sequence: number) =>
  `${series}-${String(sequence).padStart(6, "0")}`;
