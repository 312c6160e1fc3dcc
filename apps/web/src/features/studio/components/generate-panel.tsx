import { GENERATION_MAX_COUNT, type GeneratedImage, type Style } from "@wonderkin/contract";
import { ArrowDown, Coins, Plus, Wand2 } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { paths } from "@/config/paths";
import { formatCredits } from "@/entities/billing/format-credits";
import { CatalogueArt } from "@/entities/catalogue/catalogue-art";
import { cn } from "@/lib/cn";
import type { GenerateButtonState } from "../lib/generate-button";
import { batchProgressWords } from "../lib/portrait-words";

const countOptions = Array.from({ length: GENERATION_MAX_COUNT }, (_, index) => {
  const value = String(index + 1);
  return { value, label: value };
});

/**
 * The one line about the batch in progress, which also leads to it. Screen readers hear it change
 * (how many, how many ready) through a polite live region that leaves the estimate out: read out
 * on every poll, a countdown would interrupt everything else. The button itself says it all.
 */
function BatchProgress({
  batch,
  onShowGallery,
}: {
  batch: readonly GeneratedImage[];
  onShowGallery: () => void;
}) {
  const words = batchProgressWords(batch);
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {words?.summary ?? ""}
      </p>
      {words ? (
        <button
          type="button"
          onClick={onShowGallery}
          className="mt-3 flex w-full items-center justify-center gap-2 rounded-full bg-primary-50 px-3 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-100"
          data-testid="batch-progress"
        >
          <span className="size-2 shrink-0 animate-pulse rounded-full bg-primary-600" aria-hidden />
          <span className="min-w-0 text-balance">
            {words.summary}
            {words.estimate ? (
              <span className="whitespace-nowrap tabular-nums"> · {words.estimate}</span>
            ) : null}
          </span>
          <ArrowDown className="size-4 shrink-0" aria-hidden />
        </button>
      ) : null}
    </>
  );
}

/**
 * The chosen style, how many portraits, and the button that makes them, with its price and the
 * balance it comes from. On phones it floats at the bottom while the styles scroll past.
 */
export function GeneratePanel({
  childName,
  style,
  count,
  onCountChange,
  balance,
  button,
  onGenerate,
  error,
  batch,
  onShowGallery,
  className,
}: {
  childName: string;
  style: Style | null;
  count: number;
  onCountChange: (count: number) => void;
  balance: number | null;
  button: GenerateButtonState;
  onGenerate: () => void;
  error: string | null;
  /** The portraits of the batch in progress (`currentBatch`), summed up in one line. */
  batch: readonly GeneratedImage[];
  onShowGallery: () => void;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="create-title"
      className={cn(
        "rounded-(--radius-card) bg-surface p-4 shadow-(--shadow-lift) ring-1 ring-line sm:p-5",
        className,
      )}
    >
      <h2 id="create-title" className="sr-only">
        2. Create portraits
      </h2>
      <div className="flex items-center gap-3">
        {style ? (
          <CatalogueArt
            previewId={style.id}
            src={style.imagePath}
            art={style.art}
            className="size-11 shrink-0 rounded-xl ring-1 ring-black/5 lg:size-14"
          />
        ) : (
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary-50 text-primary-600 ring-1 ring-line lg:size-14">
            <Wand2 className="size-5 lg:size-6" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold tracking-wide text-muted uppercase max-lg:hidden">
            {style ? "Your style" : "Step 2"}
          </p>
          <p
            className="truncate font-display text-base leading-tight font-semibold text-ink lg:text-lg"
            data-testid="chosen-style"
          >
            {style ? (
              <>
                <span className="max-lg:sr-only">{childName} as </span>
                {style.title}
              </>
            ) : (
              <>
                Pick a style<span className="max-lg:hidden"> to begin</span>
              </>
            )}
          </p>
        </div>
        <SegmentedControl
          legend="How many portraits"
          name="count-compact"
          value={String(count)}
          options={countOptions}
          onChange={(value) => onCountChange(Number(value))}
          size="sm"
          className="shrink-0 lg:hidden"
        />
      </div>

      <div className="mt-4 flex items-center justify-between gap-3 max-lg:hidden">
        <p className="text-sm font-semibold text-ink">How many?</p>
        <SegmentedControl
          legend="How many portraits"
          name="count"
          value={String(count)}
          options={countOptions}
          onChange={(value) => onCountChange(Number(value))}
        />
      </div>

      <Button
        block
        size="lg"
        variant="accent"
        className="mt-3 max-lg:h-12 lg:mt-4"
        disabled={button.disabled}
        pending={button.kind === "working"}
        onClick={onGenerate}
        data-testid="generate-button"
      >
        {button.kind === "working" ? null : <Wand2 aria-hidden />}
        {button.label}
      </Button>

      <div className="mt-2.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm lg:mt-3">
        <p className="flex items-center gap-1.5 text-muted">
          <Coins className="size-4 text-accent-600" aria-hidden />
          <span>
            You have{" "}
            <strong className="text-ink" data-testid="studio-balance">
              {balance === null ? "…" : formatCredits(balance)}
            </strong>
          </span>
        </p>
        <Link
          to={paths.topUpCreditPlans}
          className="inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-4 hover:underline"
        >
          <Plus className="size-3.5" aria-hidden /> Top up
        </Link>
      </div>

      {button.kind === "insufficient" ? (
        <Alert tone="warning" className="mt-3">
          <p>
            {count === 1
              ? "You're out of credits."
              : `That needs ${formatCredits(button.cost)}: ${formatCredits(button.shortBy)} more than you have.`}{" "}
            <Link to={paths.topUpCreditPlans} className="font-bold underline underline-offset-2">
              Top up credits
            </Link>
            {count > 1 && balance !== null && balance > 0 ? " or make fewer portraits." : null}
          </p>
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="danger" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <BatchProgress batch={batch} onShowGallery={onShowGallery} />
    </section>
  );
}
