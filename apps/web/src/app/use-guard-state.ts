import { useQueryClient } from "@tanstack/react-query";
import { authMessages } from "@wonderkin/contract/rules";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { paths } from "@/config/paths";
import { useActiveSubscription } from "@/entities/billing/billing-queries";
import { useFamilySpending } from "@/entities/billing/family-spending";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamilyId } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { isUserMissing, userQueryKey, useUser } from "@/entities/session/get-user";
import { readPendingInvitation } from "@/entities/session/pending-invitation";
import { signOut } from "@/entities/session/sign-out";
import { hasSignedInBefore } from "@/entities/session/signed-in-before";
import type { GuardState } from "./guard";
import { familyPlanGuardState, isBackFromCheckout, subscriptionGuardState } from "./subscription-guard-state";

/**
 * Assembles the guard's plain state from the app's queries. The session and the server's user record
 * are live, and the record carries the credit balance (purchases refresh it); the children and the
 * subscription are read only for a verified parent, since the /kids pages and their APIs need one.
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
  else if (!sessionUser)
    auth = hasSignedInBefore() ? { status: "signed-out", signedInBefore: true } : { status: "signed-out" };
  else if (user.isPending || userMissing) auth = { status: "loading" };
  // The user record is read from the database; the session may be a cached copy.
  else auth = { status: "signed-in", emailVerified: user.data?.emailVerified ?? sessionUser.emailVerified };

  const verified = auth.status === "signed-in" && auth.emailVerified;
  const familyId = useCurrentFamilyId();
  const childrenQuery = useChildren(verified ? familyId : null);
  let children: GuardState["children"];
  // No family to ask about (not verified, or the record names none): nothing to wait for.
  if (!verified || !familyId) children = { status: "loaded", children: [] };
  else if (childrenQuery.isPending) children = { status: "loading" };
  // A list that could not be read lets the page render and show its own error.
  else children = { status: "loaded", children: childrenQuery.data ?? [] };

  // Back from a payment provider's page, the plan may be confirmed a moment after the parent arrives;
  // when it is, the record is read again for the credits that came with it.
  const backFromCheckout = isBackFromCheckout(location);
  const subscription = useActiveSubscription(verified ? sessionUser?.id : undefined, {
    pollUntilActive: backFromCheckout,
  });
  // The family's plan (its owner's) lets a member see its studio without a plan of their own.
  const familyPlanAsked = Boolean(verified && familyId && sessionUser?.id);
  const familySpending = useFamilySpending(familyPlanAsked ? sessionUser?.id : undefined, familyId);
  const queryClient = useQueryClient();
  const userId = sessionUser?.id;
  const planId = subscription.data?.isActive ? subscription.data.id : null;
  useEffect(() => {
    if (backFromCheckout && userId && planId) {
      void queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    }
  }, [backFromCheckout, userId, planId, queryClient]);

  return {
    auth,
    children,
    credits: user.data?.totalCredits ?? null,
    subscription: subscriptionGuardState({
      verified,
      data: subscription.data,
      isPending: subscription.isPending,
    }),
    familyPlan: familyPlanGuardState({
      asked: familyPlanAsked,
      data: familySpending.data,
      isPending: familySpending.isPending,
    }),
    location: { pathname: location.pathname, search: location.search },
    pendingInvitation: readPendingInvitation(),
  };
}
