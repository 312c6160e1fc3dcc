import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { appName } from "@/config/app";
import { StatusScreen } from "./status-screen";

/**
 * Shown when the app cannot tell whether the parent is signed in (the server or the network is
 * down). Treating that as "signed out" would send a signed-in parent to sign-up.
 */
export function ConnectionProblem({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatusScreen
      icon={WifiOff}
      tone="warning"
      title={`We couldn't reach ${appName}`}
      action={
        <Button pending={retrying} onClick={onRetry}>
          {retrying ? null : <RefreshCw aria-hidden />} Try again
        </Button>
      }
    >
      Check your connection and try again. Nothing you saved has been lost.
    </StatusScreen>
  );
}
