import type { FaceBox } from "@wonderkin/contract";
import { CircleAlert, FileWarning, Loader2, RotateCcw, Users, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatFileSize } from "../lib/photo-precheck";
import type { BatchSummary, FacePoint, QueueItem } from "../lib/upload-queue";

function ProgressBar({
  value,
  label,
  thick = false,
  className,
}: {
  value: number;
  label: string;
  thick?: boolean;
  className?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn("overflow-hidden rounded-full bg-primary-100", thick ? "h-2.5" : "h-2", className)}
    >
      <div
        className="h-full rounded-full bg-primary-600 transition-[width] duration-200 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function Thumbnail({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-canvas text-subtle ring-1 ring-line">
        <FileWarning className="size-6" aria-hidden />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      onError={() => setBroken(true)}
      className="size-14 shrink-0 rounded-xl object-cover ring-1 ring-line"
    />
  );
}

/**
 * The photo as the parent picked it, with a button over each face the server found: tapping one
 * says "this is my child". Faces are named from the left for screen readers.
 */
function FaceChooser({
  preview,
  faces,
  childName,
  fileName,
  onTap,
}: {
  preview: string | null;
  faces: FaceBox[];
  childName: string;
  fileName: string;
  onTap: (at: FacePoint) => void;
}) {
  const fromLeft = [...faces].sort((a, b) => a.x - b.x);
  const label = (index: number) => `${childName} is face ${index + 1} of ${faces.length}, from the left`;
  const tap = (box: FaceBox) => onTap({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  if (!preview) {
    return (
      <div className="mt-2 flex flex-wrap gap-2">
        {fromLeft.map((box, index) => (
          <Button key={`${box.x}-${box.y}`} size="sm" variant="secondary" onClick={() => tap(box)}>
            {label(index)}
          </Button>
        ))}
      </div>
    );
  }
  return (
    <div className="relative mt-1 inline-block max-w-full overflow-hidden rounded-xl ring-1 ring-line">
      <img
        src={preview}
        alt={`${fileName}: ${faces.length} people`}
        className="block max-h-72 w-auto max-w-full sm:max-h-80"
      />
      {fromLeft.map((box, index) => (
        <button
          key={`${box.x}-${box.y}`}
          type="button"
          data-testid="face-choice"
          onClick={() => tap(box)}
          className="absolute rounded-[45%] border-[3px] border-dashed border-white shadow-[0_0_0_2px_rgb(0_0_0/0.35)] transition-colors before:absolute before:-inset-2 before:content-[''] hover:border-solid hover:border-primary-300 focus-visible:border-solid focus-visible:border-primary-300 focus-visible:outline-none"
          style={{
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
          }}
        >
          <span className="sr-only">{label(index)}</span>
        </button>
      ))}
    </div>
  );
}

function QueueRow({
  item,
  preview,
  childName,
  onRemove,
  onRetry,
  onTap,
}: {
  item: QueueItem;
  preview: string | null;
  childName: string;
  onRemove: () => void;
  onRetry: () => void;
  onTap: (at: FacePoint) => void;
}) {
  const sent = item.total > 0 ? item.loaded / item.total : 0;
  const checking = item.status === "uploading" && sent >= 1;
  const problem = item.status === "rejected" || item.status === "failed";
  const removeLabel =
    item.status === "uploading"
      ? "Cancel upload of"
      : item.status === "queued"
        ? "Remove from the queue:"
        : "Dismiss";

  return (
    <li className={cn("flex flex-wrap items-start gap-x-3 py-3", problem && "text-danger-700")}>
      <Thumbnail src={preview} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <p className="truncate font-semibold text-ink">{item.name}</p>
          <span className="shrink-0 text-xs text-muted">{formatFileSize(item.size)}</span>
        </div>
        {item.status === "queued" ? <p className="mt-1 text-sm text-muted">Waiting…</p> : null}
        {item.status === "uploading" ? (
          <div className="mt-1.5 flex items-center gap-3">
            <ProgressBar value={checking ? 1 : sent} label={`Uploading ${item.name}`} className="flex-1" />
            <span className="w-28 shrink-0 text-right text-xs font-semibold text-muted tabular-nums">
              {checking ? (
                <span className="inline-flex items-center gap-1">
                  <Loader2 className="size-3 animate-spin" aria-hidden /> Checking…
                </span>
              ) : (
                `${Math.round(sent * 100)}%`
              )}
            </span>
          </div>
        ) : null}
        {problem && item.problem ? (
          <div className="mt-1 flex items-start gap-1.5 text-sm">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              <span className="sr-only">{item.status === "rejected" ? "Not added: " : "Not sent: "}</span>
              {item.problem.message}
              {item.checkedLocally ? (
                <span className="text-muted"> (checked on this device; nothing was sent)</span>
              ) : null}
            </p>
          </div>
        ) : null}
        {item.status === "choosing" ? (
          <div data-testid="choose-child">
            <p className="mt-1 flex items-start gap-1.5 text-sm font-semibold text-ink">
              <Users className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden />
              {item.problem?.message}
            </p>
            <p className="mt-0.5 text-xs text-muted">
              We keep only {childName}&rsquo;s face and blur everyone else; the photo as you took it
              isn&rsquo;t kept.
            </p>
          </div>
        ) : null}
        {item.status === "failed" ? (
          <Button variant="link" size="sm" className="mt-1" onClick={onRetry}>
            <RotateCcw aria-hidden /> Try again<span className="sr-only"> with {item.name}</span>
          </Button>
        ) : null}
      </div>
      <Button
        variant="bare"
        size="icon-sm"
        className="-mt-1 -mr-2 shrink-0 text-muted hover:bg-primary-50"
        onClick={onRemove}
      >
        <X aria-hidden />
        <span className="sr-only">
          {removeLabel} {item.name}
        </span>
      </Button>
      {/* The whole row's width, so the faces are big enough to tap on a phone. */}
      {item.status === "choosing" ? (
        <div className="w-full pt-1 sm:pl-[4.25rem]">
          <FaceChooser
            preview={preview}
            faces={item.faces}
            childName={childName}
            fileName={item.name}
            onTap={onTap}
          />
        </div>
      ) : null}
    </li>
  );
}

/** What became of a finished upload, in one sentence (two when photos wait for a tap). */
function summaryText(summary: BatchSummary, childName: string): string {
  const added = summary.accepted === 1 ? "1 photo added" : `${summary.accepted} photos added`;
  const tap =
    summary.choosing === 0
      ? ""
      : ` Tap ${childName} in ${summary.choosing === 1 ? "1 group photo" : `${summary.choosing} group photos`} below.`;
  if (summary.refused === 0) return `${summary.choosing === 0 ? "All done" : "Done"}: ${added}.${tap}`;
  const refused = summary.refused === 1 ? "1 wasn't" : `${summary.refused} weren't`;
  return `Done: ${added}, ${refused}. See why below.${tap}`;
}

/**
 * The files on their way and the ones refused, each with its progress or its reason. Accepted files
 * leave the list for the photo grid; the overall bar covers everything picked in this round.
 */
export function UploadQueueList({
  items,
  summary,
  childName,
  previewOf,
  onRemove,
  onRetry,
  onTapFace,
  onDismissProblems,
}: {
  items: QueueItem[];
  summary: BatchSummary;
  childName: string;
  previewOf: (id: string) => string | null;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  onTapFace: (id: string, at: FacePoint) => void;
  onDismissProblems: () => void;
}) {
  const shown = items.filter((item) => item.status !== "accepted");
  const problems = shown.filter((item) => item.status === "rejected" || item.status === "failed").length;
  if (summary.total === 0 && shown.length === 0) return null;
  const busy = summary.active > 0;
  const finished = !busy && summary.total > 0;

  return (
    <Card padding="sm">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 className="font-sans text-lg font-bold text-ink">{busy ? "Uploading" : "Upload finished"}</h2>
        <p className="text-sm font-semibold text-muted tabular-nums">
          {busy
            ? `${summary.settled} of ${summary.total} · ${Math.round(summary.fraction * 100)}%`
            : `${summary.accepted} of ${summary.total} added`}
        </p>
      </div>
      {summary.total > 0 ? (
        <ProgressBar value={summary.fraction} label="All photos in this upload" thick className="mt-3" />
      ) : null}
      {/* Always present, so screen readers hear the sentence when a round of uploads ends. */}
      <p
        aria-live="polite"
        className={cn(
          "text-sm",
          finished ? "mt-3" : "sr-only",
          summary.refused > 0 || summary.choosing > 0 ? "text-warning-700" : "text-success-700",
        )}
      >
        {finished ? summaryText(summary, childName) : ""}
      </p>
      {shown.length > 0 ? (
        <ul aria-label="Photos in this upload" className="mt-2 flex flex-col divide-y divide-line">
          {shown.map((item) => (
            <QueueRow
              key={item.id}
              item={item}
              preview={previewOf(item.id)}
              childName={childName}
              onRemove={() => onRemove(item.id)}
              onRetry={() => onRetry(item.id)}
              onTap={(at) => onTapFace(item.id, at)}
            />
          ))}
        </ul>
      ) : null}
      {problems > 0 && !busy ? (
        <div className="mt-2 flex justify-end border-t border-line pt-3">
          <Button variant="ghost" size="sm" onClick={onDismissProblems}>
            Dismiss {problems === 1 ? "it" : `all ${problems}`}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
