import { RefreshCw, WifiOff } from "lucide-react";
import { errorMessage } from "@/lib/error-message";
import { Button } from "./button";
import { PageHeader } from "./page-header";

/**
 * A whole page's step that failed (confirming an e-mail, opening an invitation, signing in from a
 * link): what could not be done, the reason in the parent's words, and one button to try again.
 */
export function TryAgainView({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  /** "We couldn't …", in the parent's words. */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={WifiOff}
        tone="danger"
        focusOnMount
        title={title}
        description={errorMessage(error, "Something went wrong on our side. Please try again.")}
      />
      <Button size="lg" block pending={retrying} onClick={onRetry}>
        {retrying ? null : <RefreshCw aria-hidden />} Try again
      </Button>
    </div>
  );
}
