import type { BillingHistoryEntry } from "@wonderkin/contract";
import {
  ArrowLeft,
  Coins,
  CreditCard,
  Gift,
  type LucideIcon,
  ReceiptText,
  RotateCcw,
  Sparkles,
  Wand2,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { NoticeCard } from "@/components/ui/notice-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format-date";
import { useBillingHistory } from "../api/billing-history";
import { formatCreditChange, formatMoney } from "../lib/format-money";
import { PaymentDocuments } from "./payment-documents";
import { RequestedInvoice } from "./requested-invoice";

const kinds: Record<BillingHistoryEntry["kind"], { label: string; icon: LucideIcon }> = {
  payment: { label: "Payment", icon: CreditCard },
  "plan-grant": { label: "Plan images", icon: Sparkles },
  "top-up": { label: "Top-up", icon: Coins },
  spend: { label: "Portraits made", icon: Wand2 },
  refund: { label: "Refund", icon: RotateCcw },
  adjustment: { label: "Adjustment", icon: Gift },
};

/** What an entry moved: money for a payment, credits (signed) for everything else. */
function Amount({ entry }: { entry: BillingHistoryEntry }) {
  if (entry.amount !== null && entry.currency) {
    return (
      <span className="font-semibold text-ink">
        {formatMoney(entry.amount, entry.currency, { keepCents: true })}
      </span>
    );
  }
  if (entry.credits !== null) {
    const credits = Math.abs(entry.credits) === 1 ? "credit" : "credits";
    return (
      <span className={cn("font-semibold", entry.credits > 0 ? "text-success-700" : "text-muted")}>
        {formatCreditChange(entry.credits)} <span className="font-normal">{credits}</span>
      </span>
    );
  }
  return <span className="text-muted">—</span>;
}

function KindIcon({ kind }: { kind: BillingHistoryEntry["kind"] }) {
  const Icon = kinds[kind].icon;
  return (
    <span
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-full [&_svg]:size-4",
        kind === "payment" ? "bg-primary-100 text-primary-700" : "bg-accent-100 text-accent-600",
      )}
    >
      <Icon aria-hidden />
    </span>
  );
}

/** Desktop: a table, one row per entry. */
function HistoryTable({ entries }: { entries: BillingHistoryEntry[] }) {
  // Invoices and receipts: the column appears once a payment has one.
  const receipts = entries.some((entry) => entry.invoice || entry.receiptUrl);
  return (
    <Card padding="none" className="hidden overflow-hidden sm:block">
      <table className="w-full text-left text-[0.95rem]">
        <caption className="sr-only">Payments and credit movements, newest first</caption>
        <thead className="border-b border-line bg-canvas text-xs font-bold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-6 py-3">
              Date
            </th>
            <th scope="col" className="px-3 py-3">
              Description
            </th>
            <th scope="col" className={cn("py-3 text-right", receipts ? "px-3" : "pr-6 pl-3")}>
              Amount
            </th>
            {receipts ? (
              <th scope="col" className="px-6 py-3 text-right">
                Documents
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="history-entry">
              <td className="px-6 py-4 whitespace-nowrap text-muted">{formatDate(entry.at)}</td>
              <td className="px-3 py-4">
                <div className="flex items-center gap-3">
                  <KindIcon kind={entry.kind} />
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{entry.description}</p>
                    <p className="text-sm text-muted">{kinds[entry.kind].label}</p>
                  </div>
                </div>
              </td>
              <td className={cn("py-4 text-right whitespace-nowrap", receipts ? "px-3" : "pr-6 pl-3")}>
                <Amount entry={entry} />
              </td>
              {receipts ? (
                <td className="px-6 py-4 text-right whitespace-nowrap">
                  {entry.kind === "payment" ? <PaymentDocuments entry={entry} /> : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Phones: a list, each entry on two lines. */
function HistoryList({ entries }: { entries: BillingHistoryEntry[] }) {
  return (
    <Card padding="none" className="sm:hidden">
      <ul aria-label="Billing history" className="divide-y divide-line">
        {entries.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3 px-5 py-4" data-testid="history-entry">
            <KindIcon kind={entry.kind} />
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-3">
                <p className="min-w-0 font-semibold text-ink">{entry.description}</p>
                <p className="shrink-0 text-right">
                  <Amount entry={entry} />
                </p>
              </div>
              <div className="mt-0.5 flex items-baseline justify-between gap-3 text-sm text-muted">
                <p>
                  {kinds[entry.kind].label} · {formatDate(entry.at)}
                </p>
                {entry.invoice || entry.receiptUrl ? <PaymentDocuments entry={entry} /> : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /account/subscription/view-history: every payment and credit movement, newest first. */
export function BillingHistoryPage() {
  const session = useSession();
  const history = useBillingHistory(session.data?.user.id);
  // The receipt e-mail's link names its invoice.
  const [searchParams] = useSearchParams();
  const requestedInvoice = searchParams.get("invoice");

  let body: ReactNode;
  if (history.data && history.data.length > 0) {
    body = (
      <>
        {requestedInvoice ? <RequestedInvoice number={requestedInvoice} entries={history.data} /> : null}
        <HistoryTable entries={history.data} />
        <HistoryList entries={history.data} />
      </>
    );
  } else if (history.data) {
    body = (
      <NoticeCard
        icon={ReceiptText}
        title="Nothing here yet"
        action={
          <Button asChild>
            <Link to={paths.selectPlan}>Choose a plan</Link>
          </Button>
        }
      >
        Your payments, receipts and credits will be listed here once you choose a plan.
      </NoticeCard>
    );
  } else if (history.isError) {
    body = (
      <LoadProblem
        error={history.error}
        fallback="We couldn't load your billing history."
        retrying={history.isFetching}
        onRetry={() => void history.refetch()}
      />
    );
  } else {
    body = <LoadingCard label="Loading your billing history" />;
  }

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          icon={ReceiptText}
          title="Billing history"
          description="Every payment, and every credit added or used."
        />
        <Button asChild variant="link" padding="none" className="self-start sm:self-auto">
          <Link to={paths.manageSubscription}>
            <ArrowLeft aria-hidden /> Your subscription
          </Link>
        </Button>
      </div>
      {body}
    </section>
  );
}

export { BillingHistoryPage as Component };
