import type { ChildSummary, SubscriptionSummary } from "@wonderkin/contract";
import { parseChildIdSegment } from "@wonderkin/contract/rules";
import {
  childRoutePattern,
  defaultProtectedPath,
  defaultPublicPath,
  emailLinkPaths,
  invitationRoutePattern,
  paths,
  publicPaths,
  verificationPaths,
} from "@/config/paths";
import { safeReturnUrl } from "@/lib/safe-return-url";

/**
 * Everything the route guard needs to know, as plain data. The app assembles it from the session,
 * children, credits and subscription queries; tests write it by hand.
 */
export type GuardState = {
  auth:
    | { status: "loading" }
    /** `signedInBefore`: this browser has been signed in to an account (a parent coming back). */
    | { status: "signed-out"; signedInBefore?: boolean }
    | { status: "signed-in"; emailVerified: boolean };
  children: { status: "loading" } | { status: "loaded"; children: readonly ChildSummary[] };
  /** null while the balance is loading. */
  credits: number | null;
  /** `unavailable` when it could not be fetched: the page renders and shows its own error. */
  subscription:
    | { status: "loading" }
    | { status: "unavailable" }
    | { status: "loaded"; subscription: SubscriptionSummary | null };
  /**
   * The plan of the family the parent acts for: its owner's (decision 0050). Members see a family
   * that has one without a plan of their own. Absent: as if the family had none (spec §2 as written).
   */
  familyPlan?:
    | { status: "loading" }
    | { status: "unavailable" }
    | { status: "loaded"; active: boolean; heldByYou: boolean };
  location: { pathname: string; search: string };
  /**
   * A family invitation opened before the visitor could answer it (signed out or unverified): once
   * they are in, the landing pages bring them back to it. Ignored unless it is an invitation path.
   */
  pendingInvitation?: string | null;
};

export type GuardDecision =
  | { kind: "render" }
  | { kind: "loading" }
  | { kind: "redirect"; to: string; toasts: string[] };

export const creditsExhaustedMessage = "You've used all your credits. Please purchase more to continue.";

const render: GuardDecision = { kind: "render" };
const loading: GuardDecision = { kind: "loading" };
const redirect = (to: string, toast?: string): GuardDecision => ({
  kind: "redirect",
  to,
  toasts: toast ? [toast] : [],
});

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

function firstChildStudio(children: readonly ChildSummary[]): string | null {
  const first = children[0];
  return first ? paths.magicStudio(first.id) : null;
}

/** One decision for one location, in the order of spec §2's guard rules. */
export function decideRoute(state: GuardState): GuardDecision {
  const pathname = normalisePath(state.location.pathname);
  const query = new URLSearchParams(state.location.search);
  const { auth } = state;

  if (auth.status === "loading") return loading;

  // The invitation page serves everyone: it tells a signed-out visitor how to join, an unverified
  // one to verify first, and someone signed in with another address whose invitation it is.
  if (invitationRoutePattern.test(pathname)) return render;
  // An e-mail's unsubscribe link works for whoever opens it, signed in, out or unverified: the
  // token in it says whose e-mails it turns off (decision 0068).
  if (pathname === paths.unsubscribe) return render;

  if (auth.status === "signed-out") {
    // A new visitor goes to sign-up (spec §2); a browser that has signed in before belongs to a
    // parent with an account, who needs sign-in (decision 0054).
    const landing = auth.signedInBefore ? paths.signIn : defaultPublicPath;
    // Home is public but has no content of its own: it hands visitors on.
    if (pathname === paths.home) return redirect(landing);
    if (publicPaths.has(pathname)) return render;
    // Keep the deep link (e.g. a studio link from an e-mail) so sign-in can bring the parent back.
    const returnUrl = `${pathname}${state.location.search}`;
    return redirect(`${landing}?${new URLSearchParams({ returnUrl })}`);
  }

  if (!auth.emailVerified) {
    return verificationPaths.has(pathname) ? render : redirect(paths.verify);
  }

  if (emailLinkPaths.has(pathname)) return render;
  if (state.children.status === "loading") return loading;
  const { children } = state.children;
  const homeForUser = firstChildStudio(children) ?? defaultProtectedPath;
  const invitation =
    state.pendingInvitation && invitationRoutePattern.test(state.pendingInvitation)
      ? state.pendingInvitation
      : null;

  if (pathname === paths.signIn || pathname === paths.signUp) {
    return redirect(safeReturnUrl(query.get("returnUrl")) ?? invitation ?? homeForUser);
  }
  // Verification is done: nothing left to wait for on the pending page.
  if (pathname === paths.verify) return redirect(invitation ?? homeForUser);
  if (pathname === paths.home) return redirect(invitation ?? paths.chooseTheme);

  const childRoute = childRoutePattern.exec(pathname);
  if (childRoute) {
    const childId = parseChildIdSegment(childRoute[1]);
    if (childId === null || !children.some((child) => child.id === childId)) {
      const studio = firstChildStudio(children);
      if (studio !== pathname) return redirect(studio ?? defaultProtectedPath);
    }
  }

  const familyPlan = state.familyPlan ?? { status: "loaded", active: false, heldByYou: false };
  const ownPlanActive =
    state.subscription.status === "loaded" && state.subscription.subscription?.isActive === true;
  // A member who looks at the family's plan (an owner's, not theirs) without one of their own: their
  // balance is not what the studio spends, so it sends them nowhere to pay.
  const othersPlan = familyPlan.status === "loaded" && familyPlan.active && !familyPlan.heldByYou;
  const looksOnFamilyPlan = othersPlan && !ownPlanActive;

  if (pathname === paths.chooseTheme && children.length > 0) {
    if (familyPlan.status === "loading") return loading;
    if (othersPlan && state.subscription.status === "loading") return loading;
    if (looksOnFamilyPlan) return redirect(homeForUser);
    if (state.credits === null) return loading;
    if (state.credits > 0) return redirect(homeForUser);
    return redirect(paths.manageSubscription, creditsExhaustedMessage);
  }

  if (pathname.startsWith("/kids/")) {
    if (state.subscription.status === "loading") return loading;
    // Seeing needs the family's plan, not one's own; spending is decided where it happens (decision 0050).
    if (familyPlan.status === "loading" && pathname !== paths.selectPlan) return loading;
    if (looksOnFamilyPlan && pathname !== paths.selectPlan) return render;
    const subscription = state.subscription.status === "loaded" ? state.subscription.subscription : undefined;
    const isActive = subscription?.isActive === true;
    const loaded = state.subscription.status === "loaded";
    if (pathname === paths.selectPlan) {
      if (loaded && isActive && !query.has("changePlan") && !query.has("success"))
        return redirect(paths.addChildren);
    } else if (loaded && !isActive && !query.has("success")) {
      return redirect(paths.selectPlan);
    }
  }

  return render;
}

const MAX_HOPS = 6;

/**
 * Follows redirects to their end so the browser navigates once (home → choose-theme → studio is one
 * hop for the user), keeping every toast raised on the way.
 */
export function resolveRoute(state: GuardState): GuardDecision {
  let current = state;
  let last: Extract<GuardDecision, { kind: "redirect" }> | null = null;
  const toasts: string[] = [];
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const decision = decideRoute(current);
    if (decision.kind !== "redirect") break;
    toasts.push(...decision.toasts);
    last = { kind: "redirect", to: decision.to, toasts: [...toasts] };
    const target = new URL(decision.to, "http://wonderkin.invalid");
    current = { ...current, location: { pathname: target.pathname, search: target.search } };
  }
  return last ?? decideRoute(state);
}
