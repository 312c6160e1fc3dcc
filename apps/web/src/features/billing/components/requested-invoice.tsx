import type { BillingHistoryEntry } from "@wonderkin/contract";
import { FileDown, ReceiptText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { formatDate } from "@/lib/format-date";

/**
 * The invoice a receipt e-mail links to (`?invoice=WK-…`): named at the top of the history with its
 * download, since the e-mail itself carries no link that works without signing in.
 */
export function RequestedInvoice({ number, entries }: { number: string; entries: BillingHistoryEntry[] }) {
  const entry = entries.find((candidate) => candidate.invoice?.number === number);
  if (!entry?.invoice) {
    return (
      <NoticeCard icon={ReceiptText} tone="accent" title={`Invoice ${number} isn't in your billing history`}>
        It may belong to another account. Sign in with the account that made the payment to download it.
      </NoticeCard>
    );
  }
  return (
    <NoticeCard
      icon={ReceiptText}
      title={`Invoice ${entry.invoice.number}`}
      action={
        <Button asChild>
          <a href={entry.invoice.url} download={`${entry.invoice.number}.pdf`}>
            <FileDown aria-hidden /> Download the PDF
          </a>
        </Button>
      }
    >
      {entry.description}, paid on {formatDate(entry.at)}.
    </NoticeCard>
  );
}
