import { lazy, Suspense } from "react";
import { Outlet, type RouteObject, ScrollRestoration } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { AuthLayout } from "@/components/layout/auth-layout";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { SignedOutHeaderNav } from "@/features/auth/components/signed-out-header-nav";
import { GuardedOutlet } from "./guarded-outlet";
import { NotFoundPage } from "./not-found-page";
import { RouteErrorPage } from "./route-error-page";

type PageRoute = {
  path: string;
  /** Loads the page module on first visit (route-level code splitting keeps sign-in light). */
  lazy: RouteObject["lazy"];
};

function toRoute({ path, lazy }: PageRoute): RouteObject {
  return { path, lazy };
}

/**
 * Sign-in, sign-up, the pages reached from e-mail links (a family invitation and an unsubscribe
 * link among them) and the return from Google or Facebook.
 */
export const authPageRoutes: PageRoute[] = [
  { path: paths.signIn, lazy: () => import("@/features/auth/components/sign-in-page") },
  { path: paths.verify, lazy: () => import("@/features/auth/components/verify-page") },
  { path: paths.verifyEmail, lazy: () => import("@/features/auth/components/verify-email-page") },
  { path: paths.finalizeSignup, lazy: () => import("@/features/auth/components/finalize-signup-page") },
  { path: paths.finalizeSocial, lazy: () => import("@/features/auth/components/finalize-social-page") },
  { path: paths.resetPassword, lazy: () => import("@/features/auth/components/reset-password-page") },
  { path: "/invitation/:invitationId", lazy: () => import("@/features/family/components/invitation-page") },
  { path: paths.unsubscribe, lazy: () => import("@/features/account/components/unsubscribe-page") },
];

/** Where `/` sends a signed-out visitor (spec §2): sign-up, as the product's landing. */
export const landingRoute: PageRoute = {
  path: paths.signUp,
  lazy: () => import("@/features/auth/components/sign-up-page"),
};

/** Everything inside the product, plus the privacy policy. */
export const appPageRoutes: PageRoute[] = [
  { path: paths.privacyPolicy, lazy: () => import("@/features/privacy/components/privacy-policy-page") },
  { path: paths.accountSettings, lazy: () => import("@/features/account/components/account-settings-page") },
  { path: paths.changePassword, lazy: () => import("@/features/account/components/change-password-page") },
  { path: paths.familySettings, lazy: () => import("@/features/family/components/family-page") },
  {
    path: paths.manageSubscription,
    lazy: () => import("@/features/billing/components/manage-subscription-page"),
  },
  {
    path: paths.subscriptionHistory,
    lazy: () => import("@/features/billing/components/billing-history-page"),
  },
  // The local payment provider's checkout (outside /kids: the subscription rules must not apply).
  { path: "/checkout/:sessionId", lazy: () => import("@/features/billing/components/checkout-page") },
  { path: paths.uploadImages, lazy: () => import("@/features/children/components/upload-photos-page") },
  { path: paths.uploadTips, lazy: () => import("@/features/children/components/upload-tips-page") },
  { path: paths.consentAgreement, lazy: () => import("@/features/children/components/consent-page") },
  { path: paths.selectPlan, lazy: () => import("@/features/billing/components/select-plan-page") },
  { path: paths.topUpCreditPlans, lazy: () => import("@/features/billing/components/top-up-page") },
  { path: paths.addChildren, lazy: () => import("@/features/children/components/add-child-page") },
  {
    path: paths.addChildrenInProgress,
    lazy: () => import("@/features/children/components/child-progress-page"),
  },
  // The style catalogue, with the way to add a first child.
  { path: paths.chooseTheme, lazy: () => import("@/features/children/components/choose-theme-page") },
  {
    path: "/kids/children/:childId/magic-studio",
    lazy: () => import("@/features/studio/components/magic-studio-page"),
  },
  {
    path: "/kids/children/:childId/studio-intro",
    lazy: () => import("@/features/studio/components/studio-intro-page"),
  },
  {
    path: "/kids/children/:childId/storybooks",
    lazy: () => import("@/features/studio/components/storybook-page"),
  },
  {
    path: "/kids/children/:childId/through-the-years",
    lazy: () => import("@/features/studio/components/series-page"),
  },
];

/**
 * The header's right side (family switcher, credits, account menu), loaded with the first signed-in
 * page that shows the app layout: the auth pages never need it, and a visitor on the privacy policy
 * gets the ways in alone.
 */
const LazyHeaderActions = lazy(() => import("./header-actions"));

function HeaderActions() {
  const session = useSession();
  // Nothing until the session is known, so a parent's header never flashes "Sign in".
  if (session.isPending) return null;
  if (!session.data?.user) return <SignedOutHeaderNav />;
  return (
    <Suspense fallback={null}>
      <LazyHeaderActions />
    </Suspense>
  );
}

/**
 * The root of every page: a new page starts at its top, and back/forward return to where the
 * parent was (without it, a page opened from the bottom of a long one would open scrolled down).
 */
function AppRoot() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The route tree. `_app` is the top-level wrapper of spec §2 ("registration only"): the root route
 * that holds the guard and error page, not an address of its own.
 */
export const routes: RouteObject[] = [
  {
    id: "_app",
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <GuardedOutlet />,
        children: [
          // Home has no page: the guard sends everyone on (spec §2).
          { path: paths.home, element: null },
          // The sign-up page is the landing: a full page of its own, outside the auth layout.
          toRoute(landingRoute),
          { element: <AuthLayout />, children: authPageRoutes.map(toRoute) },
          { element: <AppLayout headerActions={<HeaderActions />} />, children: appPageRoutes.map(toRoute) },
        ],
      },
      // Inside a sign-in popup: it only hands the outcome to the opener, whatever the session.
      {
        path: paths.socialSignInPopup,
        lazy: () => import("@/features/auth/components/social-popup-page"),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
