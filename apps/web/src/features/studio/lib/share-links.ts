import type { PortraitShare } from "@wonderkin/contract";
import { formatDate } from "@/lib/format-date";

/** The list with `share` in place of any earlier link of the same portrait. */
export function withShare(
  shares: readonly PortraitShare[] | undefined,
  share: PortraitShare,
): PortraitShare[] {
  return [...(shares ?? []).filter((entry) => entry.imageId !== share.imageId), share];
}

export function withoutShare(shares: readonly PortraitShare[] | undefined, imageId: string): PortraitShare[] {
  return (shares ?? []).filter((entry) => entry.imageId !== imageId);
}

/** The portrait's working link, if it has one: a link past its expiry is shown as not shared. */
export function liveShareOf(
  shares: readonly PortraitShare[] | undefined,
  imageId: string,
  now = Date.now(),
): PortraitShare | null {
  return (
    shares?.find((entry) => entry.imageId === imageId && new Date(entry.expiresAt).getTime() > now) ?? null
  );
}

const shortDate = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });

/** "Shared · until 3 Dec": short enough for a card in a phone's two-column grid. */
export function sharedUntilWords(share: Pick<PortraitShare, "expiresAt">): string {
  return `Shared · until ${shortDate.format(new Date(share.expiresAt))}`;
}

/** The toast after "Copy link": copied, and until when it works. */
export function linkCopiedWords(share: Pick<PortraitShare, "expiresAt">): string {
  return `Link copied. Anyone with it can see this portrait until ${formatDate(share.expiresAt)}.`;
}

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it (secure contexts), else
 * the older selection copy. Returns whether it worked, so the page can show the link instead.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): fall through to the selection copy.
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
