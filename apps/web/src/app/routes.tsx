import type { RouteObject } from "react-router";
import { AppLayout } from "@/components/layout/app-layout";
import { AuthLayout } from "@/components/layout/auth-layout";
import { LoadingScreen } from "@/components/layout/loading-screen";
import { HeaderAccount } from "@/features/auth/components/header-account";
import { GuardedOutlet } from "./guarded-outlet";
import { NotFoundPage } from "./not-found-page";
import { paths } from "./paths";
import { RouteErrorPage } from "./route-error-page";
import { UpcomingPage } from "./upcoming-page";

type PageRoute = {
  path: string;
  /** Loads the page module on first visit (route-level code splitting keeps sign-in light). */
  lazy?: RouteObject["lazy"];
  /** For a capability still to ship: what the page will be for. */
  upcoming?: { title: string; summary: string };
};

function toRoute({ path, lazy, upcoming }: PageRoute): RouteObject {
  if (lazy) return { path, lazy };
  if (upcoming) return { path, element: <UpcomingPage {...upcoming} /> };
  throw new Error(`Route ${path} has neither a page nor a description`);
}

/** Sign-in, sign-up, the pages reached from e-mail links and the return from Google or Facebook. */
export const authPageRoutes: PageRoute[] = [
  { path: paths.signIn, lazy: () => import("@/features/auth/components/sign-in-page") },
  { path: paths.signUp, lazy: () => import("@/features/auth/components/sign-up-page") },
  { path: paths.verify, lazy: () => import("@/features/auth/components/verify-page") },
  { path: paths.verifyEmail, lazy: () => import("@/features/auth/components/verify-email-page") },
  { path: paths.finalizeSignup, lazy: () => import("@/features/auth/components/finalize-signup-page") },
  { path: paths.finalizeSocial, lazy: () => import("@/features/auth/components/finalize-social-page") },
  { path: paths.resetPassword, lazy: () => import("@/features/auth/components/reset-password-page") },
];

/** Everything inside the product, plus the privacy policy. */
export const appPageRoutes: PageRoute[] = [
  {
    path: paths.privacyPolicy,
    upcoming: {
      title: "Privacy policy",
      summary:
        "What we collect about you and your children, why, for how long, and how to export or delete it.",
    },
  },
  { path: paths.accountSettings, lazy: () => import("@/features/account/components/account-settings-page") },
  { path: paths.changePassword, lazy: () => import("@/features/account/components/change-password-page") },
  {
    path: paths.manageSubscription,
    upcoming: {
      title: "Your subscription",
      summary: "Your plan, renewal date, credits and billing details.",
    },
  },
  {
    path: paths.subscriptionHistory,
    upcoming: { title: "Billing history", summary: "Every payment and credit grant with its receipt." },
  },
  {
    path: paths.uploadImages,
    upcoming: {
      title: "Upload photos",
      summary: "Add 10 to 30 photos of your child to train their portrait model.",
    },
  },
  {
    path: paths.uploadTips,
    upcoming: { title: "Photo tips", summary: "What makes a set of photos that gives great portraits." },
  },
  {
    path: paths.consentAgreement,
    upcoming: {
      title: "Parental consent",
      summary: "Your agreement to process your child's photos, and how to delete them.",
    },
  },
  {
    path: paths.selectPlan,
    upcoming: {
      title: "Choose a plan",
      summary: "Alchemist, Magician or Oracle: pick how many portraits you want to make.",
    },
  },
  {
    path: paths.topUpCreditPlans,
    upcoming: { title: "Top up credits", summary: "Buy extra credits that never expire." },
  },
  {
    path: paths.addChildren,
    upcoming: {
      title: "Add your child",
      summary: "Your child's first name, age and gender, to personalise their portraits.",
    },
  },
  {
    path: paths.addChildrenInProgress,
    upcoming: { title: "Getting ready", summary: "Where your child's studio is: photos, training, ready." },
  },
  {
    path: paths.chooseTheme,
    upcoming: { title: "Choose a theme", summary: "Browse styles from astronaut to fairy to viking." },
  },
  {
    path: "/kids/children/:childId/magic-studio",
    upcoming: { title: "Magic studio", summary: "Generate and view your child's portraits." },
  },
  {
    path: "/kids/children/:childId/studio-intro",
    upcoming: { title: "Welcome to the studio", summary: "A short tour of your child's magic studio." },
  },
];

/**
 * The route tree. `_app` is the top-level wrapper of spec §2 ("registration only"): the root route
 * that holds the guard and error page, not an address of its own.
 */
export const routes: RouteObject[] = [
  {
    id: "_app",
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <GuardedOutlet />,
        children: [
          // Home has no page: the guard sends everyone on (spec §2).
          { path: paths.home, element: null },
          { element: <AuthLayout />, children: authPageRoutes.map(toRoute) },
          { element: <AppLayout headerActions={<HeaderAccount />} />, children: appPageRoutes.map(toRoute) },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
