import { useLocation } from "react-router";
import { useSession } from "@/features/auth/api/get-session";
import type { GuardState } from "./guard";

/**
 * Assembles the guard's plain state from the app's queries. The session is live; children,
 * credits and the subscription are filled in by the children and billing capabilities (their
 * queries run only for a verified parent, since their APIs require one).
 */
export function useGuardState(): GuardState {
  const location = useLocation();
  const session = useSession();

  let auth: GuardState["auth"];
  if (session.isPending) auth = { status: "loading" };
  else if (!session.data) auth = { status: "signed-out" };
  else auth = { status: "signed-in", emailVerified: session.data.user.emailVerified };

  return {
    auth,
    children: { status: "loaded", children: [] },
    credits: null,
    subscription: { status: "unavailable" },
    location: { pathname: location.pathname, search: location.search },
  };
}
