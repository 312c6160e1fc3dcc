import {
  type PhotoQualityIssue,
  photoQualityIssueMessages,
  photoQualityIssueSchema,
  type UploadedPhoto,
} from "@wonderkin/contract";

/** The top photos marked "Best", once the set is large enough for the mark to mean something. */
export const BEST_MARKED = 3;
export const BEST_MIN_SET = 4;

/**
 * The photos best first, by the server's rank (1 is the best). Ranks read at different times (a
 * photo just uploaded next to ones read before it) may tie: the older photo goes first, then the id,
 * so the order never jumps between renders.
 */
export function bestFirst(photos: readonly UploadedPhoto[]): UploadedPhoto[] {
  return [...photos].sort(
    (a, b) =>
      a.qualityRank - b.qualityRank || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

/** The photo looks like someone other than the child: it has to go before training. */
export const isSomeoneElse = (photo: Pick<UploadedPhoto, "identity">) => photo.identity === "different";

/** The photo looks like an adult: a question to the parent (not asked of a photo already marked as someone else). */
export const asksIfAdult = (photo: Pick<UploadedPhoto, "identity" | "looksAdult">) =>
  photo.looksAdult && !isSomeoneElse(photo);

/**
 * Why a photo ranks low, in the contract's order, as short labels. A photo only flagged `blurry`
 * (read before the server named its issues) still says so.
 */
export function photoIssueLabels(photo: Pick<UploadedPhoto, "qualityIssues" | "blurry">): string[] {
  const issues = new Set<PhotoQualityIssue>(photo.qualityIssues);
  if (photo.blurry) issues.add("blurry");
  return photoQualityIssueSchema.options
    .filter((issue) => issues.has(issue))
    .map((issue) => photoQualityIssueMessages[issue]);
}

/** Whether the photo at `index` of the best-first list carries the "Best" mark. */
export function isMarkedBest(photo: UploadedPhoto, index: number, setSize: number): boolean {
  return (
    setSize >= BEST_MIN_SET &&
    index < BEST_MARKED &&
    !isSomeoneElse(photo) &&
    !photo.looksAdult &&
    photoIssueLabels(photo).length === 0
  );
}

/** What the set needs from the parent: photos of someone else, adult-looking ones, weak ones. */
export function reviewCounts(photos: readonly UploadedPhoto[]) {
  return {
    someoneElse: photos.filter(isSomeoneElse).length,
    adult: photos.filter(asksIfAdult).length,
    weak: photos.filter((photo) => photoIssueLabels(photo).length > 0).length,
  };
}

/** "2 photos look like someone other than Mia. Remove them before training." */
export function someoneElseSummary(count: number, childName: string): string {
  return count === 1
    ? `1 photo looks like someone other than ${childName}. Remove it before training.`
    : `${count} photos look like someone other than ${childName}. Remove them before training.`;
}

/** "1 photo looks like an adult: tell us below whether it's Mia. Training waits for your answer." */
export function adultSummary(count: number, childName: string): string {
  return `${count === 1 ? "1 photo looks" : `${count} photos look`} like an adult: tell us below whether ${count === 1 ? "it's" : "they're"} ${childName}. Training waits for your ${count === 1 ? "answer" : "answers"}.`;
}
