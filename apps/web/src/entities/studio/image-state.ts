import type { GeneratedImage } from "@wonderkin/contract";

/**
 * Whether two reads of one generated image say the same thing. Signed addresses change on every
 * read, so only a change of state is news; a move in the queue or a new estimate is news too (the
 * cards say both), and so is a favourite marked or unmarked. Lists that keep the earlier copy when nothing else changed neither re-render nor
 * make the browser fetch the same picture again under a new address.
 */
export function sameImageState(a: GeneratedImage, b: GeneratedImage): boolean {
  return (
    a.status === b.status &&
    a.progress === b.progress &&
    a.queuePosition === b.queuePosition &&
    a.estimatedSeconds === b.estimatedSeconds &&
    a.error === b.error &&
    a.favourite === b.favourite &&
    (a.url === null) === (b.url === null) &&
    a.completedAt === b.completedAt
  );
}
