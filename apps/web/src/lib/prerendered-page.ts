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

/**
 * Removes the copy once the app's root has content. Observed rather than called from a page, so
 * whatever the app renders first (the page, a redirect's target, an error page) replaces it.
 */
export function replacePrerenderedPageWhenRendered(root: HTMLElement): void {
  const copy = root.ownerDocument.getElementById(PRERENDERED_PAGE_ELEMENT_ID);
  if (!copy) return;
  const observer = new MutationObserver(() => {
    if (root.childElementCount === 0) return;
    observer.disconnect();
    copy.remove();
    for (const listener of listeners) listener();
  });
  observer.observe(root, { childList: true });
}
