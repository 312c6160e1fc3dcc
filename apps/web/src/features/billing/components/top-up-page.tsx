import type { TopUpPack } from "@wonderkin/contract";
import { ArrowLeft, Coins, ShoppingBag } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadProblem } from "@/components/ui/load-problem";
import { LoadingCard } from "@/components/ui/loading-card";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { useCredits } from "@/entities/billing/billing-queries";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/error-message";
import { useTopUpPacks } from "../api/get-plans";
import { formatCredits, formatMoney } from "../lib/format-money";
import { useStartCheckout } from "./use-start-checkout";

/** The pack that gives the most credits for the money. */
function bestValueId(packs: readonly TopUpPack[]): TopUpPack["id"] | null {
  const sorted = [...packs].sort((a, b) => a.price / a.credits - b.price / b.credits);
  return packs.length > 1 ? (sorted[0]?.id ?? null) : null;
}

function PackCard({
  pack,
  currency,
  bestValue,
  starting,
  disabled,
  onBuy,
}: {
  pack: TopUpPack;
  currency: string;
  bestValue: boolean;
  starting: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const titleId = `pack-${pack.id}`;
  const perCredit = formatMoney(pack.price / pack.credits, currency, { keepCents: true });
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex h-full flex-col items-center rounded-(--radius-card) bg-surface p-6 text-center shadow-(--shadow-card) sm:p-7",
        bestValue && "ring-2 ring-accent-500",
      )}
    >
      {bestValue ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-accent-500 px-3.5 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-night-950 uppercase shadow-sm">
          Best value
        </p>
      ) : null}
      <span className="grid size-14 place-items-center rounded-full bg-accent-100 text-accent-600">
        <Coins className="size-7" aria-hidden />
      </span>
      <h2 id={titleId} className="mt-4 text-3xl font-semibold text-ink">
        {formatCredits(pack.credits)}
      </h2>
      <p className="mt-1 text-sm text-muted">{pack.credits} more portraits, whenever you like</p>
      <p className="mt-5 font-display text-3xl font-semibold text-ink">
        {formatMoney(pack.price, currency, { keepCents: true })}
      </p>
      <p className="text-sm text-muted">{perCredit} per credit</p>
      <div className="mt-auto w-full pt-6">
        <Button
          block
          size="lg"
          variant={bestValue ? "primary" : "secondary"}
          pending={starting}
          disabled={disabled}
          onClick={onBuy}
        >
          {starting ? "Opening checkout…" : `Buy ${pack.credits} credits`}
        </Button>
      </div>
    </article>
  );
}

/** /kids/top-up-credit-plans: extra credits on top of a plan; `?success=true` after paying for some. */
export function TopUpPage() {
  const [params] = useSearchParams();
  const paid = params.has("success");
  const session = useSession();
  const userId = session.data?.user.id;
  const user = useUser(userId);
  const credits = useCredits(userId);
  // The fresh balance, else the one in the user record (failures of a credit refresh are silent, spec §8).
  const balance = credits.data ?? user.data?.totalCredits;
  const packs = useTopUpPacks();
  const checkout = useStartCheckout();
  const best = packs.data ? bestValueId(packs.data.packs) : null;

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-8">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <PageHeader
          icon={ShoppingBag}
          tone="accent"
          title="Top up credits"
          description="One credit makes one portrait. Extra credits add to your plan's and never expire."
        />
        <div className="flex shrink-0 items-center gap-4 rounded-(--radius-card) bg-night-900 px-5 py-4 text-white shadow-(--shadow-lift)">
          <Coins className="size-6 text-accent-400" aria-hidden />
          <div>
            <p className="text-xs font-semibold tracking-wide text-white/70 uppercase">Your balance</p>
            <p className="font-display text-2xl font-semibold" data-testid="credit-balance">
              {balance === undefined ? "…" : formatCredits(balance)}
            </p>
          </div>
        </div>
      </div>

      {paid ? (
        <Alert tone="success">
          <p>
            <strong>Thank you! Your credits are in.</strong>{" "}
            {balance === undefined ? null : `You now have ${formatCredits(balance)}.`}
          </p>
        </Alert>
      ) : null}

      {checkout.error ? (
        <Alert tone="danger">
          {errorMessage(checkout.error, "We couldn't open the checkout. Please try again.")}
        </Alert>
      ) : null}

      {packs.data ? (
        <ul aria-label="Credit packs" className="grid gap-8 md:grid-cols-3 md:gap-5">
          {packs.data.packs.map((pack) => (
            <li key={pack.id}>
              <PackCard
                pack={pack}
                currency={packs.data.currency}
                bestValue={pack.id === best}
                starting={checkout.isStarting({ topUpId: pack.id })}
                disabled={checkout.isPending}
                onBuy={() => checkout.start({ topUpId: pack.id })}
              />
            </li>
          ))}
        </ul>
      ) : packs.isError ? (
        <LoadProblem
          error={packs.error}
          fallback="We couldn't load the credit packs."
          retrying={packs.isFetching}
          onRetry={() => void packs.refetch()}
        />
      ) : (
        <LoadingCard label="Loading the credit packs" />
      )}

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6 text-sm text-muted">
        <p>Prices{packs.data ? ` in ${packs.data.currency}` : ""}. Paid once: nothing renews.</p>
        <Button asChild variant="link" padding="none">
          <Link to={paths.manageSubscription}>
            <ArrowLeft aria-hidden /> Your subscription
          </Link>
        </Button>
      </div>
    </section>
  );
}

export { TopUpPage as Component };
