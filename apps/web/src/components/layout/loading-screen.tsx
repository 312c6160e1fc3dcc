import { useSyncExternalStore } from "react";
import { LogoMark } from "@/components/ui/logo";
import { Spinner } from "@/components/ui/spinner";
import { prerenderedPageShown, subscribeToPrerenderedPage } from "@/lib/prerendered-page";

/**
 * Shown while the session or the family's children are being loaded (spec §2). Not while the
 * server's copy of a public page is on screen: the page it shows is what comes next.
 */
export function LoadingScreen() {
  const copyShown = useSyncExternalStore(subscribeToPrerenderedPage, prerenderedPageShown, () => false);
  if (copyShown) return null;
  return (
    <div className="grid min-h-dvh place-items-center bg-canvas" data-testid="loading-screen">
      <div className="flex flex-col items-center gap-5">
        <LogoMark size="lg" className="animate-pulse" />
        <Spinner label="Loading your account" />
      </div>
    </div>
  );
}
