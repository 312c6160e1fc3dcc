import { authMessages } from "@wonderkin/contract";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useSession } from "@/lib/session/get-session";
import { isUserMissing, useUser } from "@/lib/session/get-user";
import { signOut } from "@/lib/session/sign-out";
import type { GuardState } from "./guard";
import { paths } from "./paths";

/**
 * Assembles the guard's plain state from the app's queries. The session and the server's user record
 * are live, and the record carries the credit balance; children and the subscription are filled
 * in by the children and billing capabilities (their queries run only for a verified parent, since their APIs require one).
 */
export function useGuardState(): GuardState {
  const location = useLocation();
  const session = useSession();

  // /finalize-social completes a Google or Facebook sign-in itself (stores the bearer token, creates
  // the account's record); until it moves on, the guard must not act on the half-made session, so
  // it sees a visitor on a public page.
  const handshake = location.pathname.replace(/\/+$/, "") === paths.finalizeSocial;
  const sessionUser = handshake ? undefined : session.data?.user;

  // Spec §4: on sign-in the server's user record is fetched; it also names the family every product
  // request acts for, so pages wait for it.
  const user = useUser(sessionUser?.id);
  const userMissing = isUserMissing(user.error);
  useEffect(() => {
    if (userMissing) void signOut({ notice: authMessages.userNotFoundInDb });
  }, [userMissing]);

  let auth: GuardState["auth"];
  if (session.isPending && !handshake) auth = { status: "loading" };
  else if (!sessionUser) auth = { status: "signed-out" };
  else if (user.isPending || userMissing) auth = { status: "loading" };
  // The user record is read from the database; the session may be a cached copy.
  else auth = { status: "signed-in", emailVerified: user.data?.emailVerified ?? sessionUser.emailVerified };

  return {
    auth,
    children: { status: "loaded", children: [] },
    credits: user.data?.totalCredits ?? null,
    subscription: { status: "unavailable" },
    location: { pathname: location.pathname, search: location.search },
  };
}
