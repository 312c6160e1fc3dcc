import { PRERENDERED_PAGE_ELEMENT_ID } from "@wonderkin/contract/rules";

/**
 * The public pages (sign-in, sign-up, the privacy policy) arrive with a server-rendered copy of what
 * a signed-out visitor sees, so the first paint does not wait for the scripts (decision 0037). The
 * copy is `inert`: it looks like the page but takes no input, so nothing typed into it can be lost.
 * It stays until the app has rendered something of its own into #root, which takes its place in the
 * same frame; until then the app's loading screen stays out of sight.
 */
const listeners = new Set<() => void>();

export function prerenderedPageShown(doc: Document | undefined = globalThis.document): boolean {
  return doc?.getElementById(PRERENDERED_PAGE_ELEMENT_ID)?.isConnected ?? false;
}

export function subscribeToPrerenderedPage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the app is still fetching for its first frame (its query client's count), and a way to hear it change. */
type Fetching = { isFetching(): number; getQueryCache(): { subscribe(listener: () => void): () => void } };

/** The longest the copy waits for the app's answers: then it goes as soon as the app has drawn anything. */
const LONGEST_WAIT_MS = 5000;

/**
 * Removes the copy once the app's root has content and the app is no longer fetching what that first
 * frame shows (decision 0066: a signed-in studio's first answers resolve a moment after its first
 * frame, which would otherwise flash a skeleton and shift the page). Until then the root is hidden,
 * so the frames the app draws on the way are never laid out: the page appears in one piece, in the
 * frame the copy leaves. Observed rather than called from a page, so whatever the app renders first
 * (the page, a redirect's target, an error page) replaces it; a query still retrying after
 * LONGEST_WAIT_MS does not keep the inert copy on screen.
 */
export function replacePrerenderedPageWhenRendered(root: HTMLElement, fetching?: Fetching): void {
  const copy = root.ownerDocument.getElementById(PRERENDERED_PAGE_ELEMENT_ID);
  if (!copy) return;
  root.hidden = true;
  let waitedEnough = false;
  const replace = () => {
    if (!copy.isConnected || !root.childElementCount || (!waitedEnough && fetching?.isFetching())) return;
    observer.disconnect();
    stopListening?.();
    copy.remove();
    root.hidden = false;
    for (const listener of listeners) listener();
  };
  // DOM changes come after React's commits; the cache's changes catch a last answer that changed none.
  const observer = new MutationObserver(replace);
  observer.observe(root, { childList: true, subtree: true });
  const stopListening = fetching?.getQueryCache().subscribe(() => requestAnimationFrame(replace));
  setTimeout(() => {
    waitedEnough = true;
    replace();
  }, LONGEST_WAIT_MS);
}
