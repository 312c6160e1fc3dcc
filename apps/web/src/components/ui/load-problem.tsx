import { RefreshCw } from "lucide-react";
import { errorMessage } from "@/lib/error-message";
import { Alert } from "./alert";
import { Button } from "./button";

/** Something a page needs could not be read: what went wrong, and a way to try again. */
export function LoadProblem({
  error,
  fallback,
  retrying,
  onRetry,
  className,
}: {
  error: unknown;
  fallback: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert tone="danger" className={className}>
      <p>{errorMessage(error, fallback)}</p>
      <Button variant="link" className="mt-1" pending={retrying} onClick={onRetry}>
        {retrying ? null : <RefreshCw aria-hidden />} Try again
      </Button>
    </Alert>
  );
}
