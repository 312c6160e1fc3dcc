import { lazy, Suspense, useSyncExternalStore } from "react";
import { subscribeToToastRequests, toastRequested } from "@/lib/toast";

const Toaster = lazy(() => import("./toaster"));

/** Mounts sonner's Toaster (and loads it, with its stylesheet) once the first toast is asked for. */
export function LazyToaster() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
