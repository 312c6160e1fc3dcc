import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { ConnectionProblem } from "@/components/layout/connection-problem";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { useSession } from "@/entities/session/get-session";
import { useRememberSignedIn } from "@/entities/session/signed-in-before";
import { toast } from "@/lib/toast";
import { resolveRoute } from "./guard";
import { useGuardState } from "./use-guard-state";

function RedirectWithToasts({ to, toasts }: { to: string; toasts: string[] }) {
  useEffect(() => {
    // The message is its own id, so a re-render (or StrictMode's double effect) shows it once.
    for (const message of toasts) toast.error(message, { id: message });
  }, [toasts]);
  return <Navigate to={to} replace />;
}

/** Applies the guard rules of spec §2 to every page below it. */
export function GuardedOutlet() {
  const session = useSession();
  const guardState = useGuardState();
  // Remembered for the next signed-out visit, which then opens sign-in (decision 0054).
  useRememberSignedIn(guardState.auth.status === "signed-in");
  const decision = resolveRoute(guardState);
  // No answer at all about the session (after the query's retries): say so, don't guess "signed out".
  if (session.isError && session.data === undefined) {
    return <ConnectionProblem retrying={session.isFetching} onRetry={() => void session.refetch()} />;
  }
  if (decision.kind === "loading") return <LoadingScreen />;
  if (decision.kind === "redirect") return <RedirectWithToasts to={decision.to} toasts={decision.toasts} />;
  return <Outlet />;
}
