import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";
import { appName } from "@/config/app";

/**
 * Shown when the app cannot tell whether the parent is signed in (the server or the network is
 * down). Treating that as "signed out" would send a signed-in parent to sign-up.
 */
export function ConnectionProblem({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-5">
      <div className="flex max-w-md flex-col items-center text-center">
        <Logo />
        <div className="mt-10 grid size-16 place-items-center rounded-full bg-warning-50 text-warning-700">
          <WifiOff className="size-8" aria-hidden />
        </div>
        <h1 className="mt-6 text-3xl font-semibold">We couldn't reach {appName}</h1>
        <p className="mt-3 text-muted">
          Check your connection and try again. Nothing you saved has been lost.
        </p>
        <Button className="mt-8" pending={retrying} onClick={onRetry}>
          {retrying ? null : <RefreshCw aria-hidden />} Try again
        </Button>
      </div>
    </main>
  );
}
