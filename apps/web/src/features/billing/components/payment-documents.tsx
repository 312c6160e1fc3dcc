import type { BillingHistoryEntry } from "@wonderkin/contract";
import { ExternalLink, FileDown } from "lucide-react";

const linkClass =
  "inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-4 hover:underline";

/**
 * A payment's papers: our invoice (a PDF, downloaded from its signed address), Stripe's own invoice
 * where Stripe issued one, and a provider's receipt when it is a different page (decision 0053).
 */
export function PaymentDocuments({ entry }: { entry: BillingHistoryEntry }) {
  const { invoice } = entry;
  const receipt = entry.receiptUrl && entry.receiptUrl !== invoice?.providerUrl ? entry.receiptUrl : null;
  if (!invoice && !receipt) return <span className="text-subtle">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
      {invoice ? (
        <a href={invoice.url} download={`${invoice.number}.pdf`} className={linkClass}>
          <FileDown className="size-3.5" aria-hidden />
          Invoice{" "}
          <span className="sr-only">
            {invoice.number} for {entry.description} (PDF)
          </span>
        </a>
      ) : null}
      {invoice?.providerUrl ? (
        <a href={invoice.providerUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Stripe invoice <span className="sr-only">for {entry.description} (opens in a new tab)</span>
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
      {receipt ? (
        <a href={receipt} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Receipt <span className="sr-only">for {entry.description} (opens in a new tab)</span>
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </span>
  );
}
