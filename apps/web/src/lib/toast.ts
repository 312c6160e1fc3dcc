import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = typeof import("sonner");
type Message = Parameters<typeof sonnerToast.success>[0];

let loading: Promise<Sonner> | null = null;
const requestListeners = new Set<() => void>();

/**
 * sonner (≈ 9 KB gzipped with its stylesheet), loaded with the first toast rather than with the first
 * page. The app's <Toaster> mounts once a toast has been asked for (app/lazy-toaster.tsx) and shows
 * the toasts made before it was there (sonner keeps them for a late Toaster).
 */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner").catch((error: unknown) => {
      loading = null;
      throw error;
    });
    for (const listener of requestListeners) listener();
  }
  return loading;
}

/** Whether any toast has been asked for yet (the Toaster mounts from then on). */
export function toastRequested(): boolean {
  return loading !== null;
}

/** Tells `listener` when the first toast is asked for. Returns the unsubscribe function. */
export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function show(kind: "success" | "error" | "info") {
  return (message: Message, data?: ExternalToast): void => {
    // A toast that cannot load (offline after a deploy) is not worth an error of its own.
    loadSonner().then(
      ({ toast }) => toast[kind](message, data),
      () => undefined,
    );
  };
}

/** sonner's toast calls the app uses, the same arguments, without loading sonner up front. */
export const toast = { success: show("success"), error: show("error"), info: show("info") };
