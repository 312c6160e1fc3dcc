import { useEffect } from "react";
import { Navigate, Outlet } from "react-router";
import { toast } from "sonner";
import { LoadingScreen } from "@/components/layout/loading-screen";
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
  const decision = resolveRoute(useGuardState());
  if (decision.kind === "loading") return <LoadingScreen />;
  if (decision.kind === "redirect") return <RedirectWithToasts to={decision.to} toasts={decision.toasts} />;
  return <Outlet />;
}
