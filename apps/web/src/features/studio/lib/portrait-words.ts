import type { GeneratedImage } from "@wonderkin/contract";
import { isActive } from "./gallery";

/**
 * About how long is left, rounded as a person would say it: exact seconds while they are few,
 * fives up to a minute, then whole minutes, then hours. The server's figure is itself an estimate
 * from measured render times, so more precision would only make the number jitter between polls.
 */
export function estimateWords(seconds: number): string {
  if (seconds <= 0) return "any moment now";
  if (seconds < 10) return `about ${Math.max(1, Math.round(seconds))} s`;
  const fives = Math.round(seconds / 5) * 5;
  if (fives < 60) return `about ${fives} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.round(seconds / 3600)} h`;
}

type WaitFacts = Pick<GeneratedImage, "status" | "progress" | "queuePosition" | "estimatedSeconds">;

/**
 * Where a portrait in the making is, as the card shows it: a short title ("Waiting its turn",
 * "Painting…") and the detail under it (how many go first, about how long), which is null when
 * the server knows neither.
 */
export function portraitWaitWords(image: WaitFacts): { title: string; detail: string | null } {
  const estimate = image.estimatedSeconds === null ? null : estimateWords(image.estimatedSeconds);
  if (image.status === "pending") {
    if (image.queuePosition === 0) return { title: "Next in line", detail: estimate };
    if (image.queuePosition === null) return { title: "Waiting its turn", detail: estimate };
    const ahead = `${image.queuePosition} ahead`;
    return { title: "Waiting its turn", detail: estimate ? `${ahead} · ${estimate}` : ahead };
  }
  return { title: image.progress < 70 ? "Painting…" : "Adding the sparkle…", detail: estimate };
}

/**
 * The same in one line, for the progress bar's spoken value: "Waiting its turn — 3 ahead · about
 * 20 s", "Next in line · about 5 s", "Painting… about 4 s".
 */
export function portraitProgressWords(image: WaitFacts): string {
  const { title, detail } = portraitWaitWords(image);
  if (detail === null) return title.endsWith("…") ? title : `${title}…`;
  if (title.endsWith("…")) return `${title} ${detail}`;
  const separator = image.status === "pending" && (image.queuePosition ?? 0) > 0 ? " — " : " · ";
  return `${title}${separator}${detail}`;
}

/** "4 portraits", "1 portrait". */
function portraitCount(count: number): string {
  return `${count} ${count === 1 ? "portrait" : "portraits"}`;
}

/**
 * When the whole batch should be done: the longest wait among the portraits still in the making.
 * Unknown if any of them is unknown, since the batch is only as done as its slowest portrait.
 */
export function batchEstimateSeconds(batch: readonly Pick<GeneratedImage, "status" | "estimatedSeconds">[]) {
  const waits = batch.filter(isActive).map((image) => image.estimatedSeconds);
  if (waits.length === 0 || waits.some((seconds) => seconds === null)) return null;
  return Math.max(...(waits as number[]));
}

/**
 * A batch in progress (see `currentBatch`) in words: how many, how many are done, and about how long
 * until the last one is. Null once nothing in it is being made any more. The two parts are apart
 * because the page announces only the first: a countdown read out every second would drown
 * everything else a screen reader has to say.
 */
export function batchProgressWords(
  batch: readonly WaitFacts[],
): { summary: string; estimate: string | null } | null {
  if (!batch.some(isActive)) return null;
  const ready = batch.filter((image) => image.status === "succeeded").length;
  const failed = batch.filter((image) => image.status === "failed").length;
  const done = [ready > 0 ? `${ready} ready` : null, failed > 0 ? `${failed} didn't work` : null].filter(
    (part) => part !== null,
  );
  const seconds = batchEstimateSeconds(batch);
  return {
    summary: `${portraitCount(batch.length)} on the way${done.length > 0 ? ` — ${done.join(", ")}` : ""}`,
    estimate: seconds === null ? null : estimateWords(seconds),
  };
}
