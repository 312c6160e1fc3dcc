import type { ChildSummary } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { creditsExhaustedMessage, decideRoute, type GuardState, resolveRoute } from "./guard";

const kids: ChildSummary[] = [
  { id: 7, trainingStatus: "completed" },
  { id: 12, trainingStatus: null },
];

/** A verified parent with two children, credits and an active plan, on `url`. */
function state(url: string, overrides: Partial<GuardState> = {}): GuardState {
  const parsed = new URL(url, "http://x");
  return {
    auth: { status: "signed-in", emailVerified: true },
    children: { status: "loaded", children: kids },
    credits: 10,
    subscription: { status: "loaded", subscription: { isActive: true } },
    location: { pathname: parsed.pathname, search: parsed.search },
    ...overrides,
  };
}

const signedOut = { auth: { status: "signed-out" } } as const;
const unverified = { auth: { status: "signed-in", emailVerified: false } } as const;
const noChildren = { children: { status: "loaded", children: [] } } as const;
const noSubscription = { subscription: { status: "loaded", subscription: null } } as const;
const inactive = { subscription: { status: "loaded", subscription: { isActive: false } } } as const;

const allRoutes = [
  paths.home,
  paths.signIn,
  paths.signUp,
  paths.verify,
  paths.verifyEmail,
  paths.finalizeSignup,
  paths.privacyPolicy,
  paths.accountSettings,
  paths.changePassword,
  paths.manageSubscription,
  paths.subscriptionHistory,
  paths.uploadImages,
  paths.uploadTips,
  paths.consentAgreement,
  paths.selectPlan,
  paths.topUpCreditPlans,
  paths.addChildren,
  paths.addChildrenInProgress,
  paths.chooseTheme,
  paths.magicStudio(7),
  paths.studioIntro(7),
];

function redirectTarget(decision: ReturnType<typeof decideRoute>): string | null {
  return decision.kind === "redirect" ? decision.to : null;
}

describe("loading", () => {
  it("shows the loading screen while authentication is resolving, on every route", () => {
    for (const route of allRoutes) {
      expect(decideRoute(state(route, { auth: { status: "loading" } }))).toEqual({ kind: "loading" });
    }
  });

  it("shows the pages opened from e-mail links without waiting for the children", () => {
    // They spend their token on mount: a loading screen in between would make them spend it twice.
    for (const route of [paths.verifyEmail, paths.finalizeSignup, paths.resetPassword]) {
      expect(decideRoute(state(`${route}?token=abc`, { children: { status: "loading" } })), route).toEqual({
        kind: "render",
      });
    }
  });

  it("shows the loading screen while the children are loading", () => {
    expect(decideRoute(state(paths.chooseTheme, { children: { status: "loading" } }))).toEqual({
      kind: "loading",
    });
    expect(decideRoute(state(paths.magicStudio(7), { children: { status: "loading" } }))).toEqual({
      kind: "loading",
    });
  });
});

describe("signed-out visitors", () => {
  it("may open the public pages", () => {
    for (const route of [
      paths.signIn,
      paths.signUp,
      paths.verifyEmail,
      paths.finalizeSignup,
      paths.privacyPolicy,
    ]) {
      expect(decideRoute(state(route, signedOut)), route).toEqual({ kind: "render" });
    }
  });

  it("are sent from home to sign-up", () => {
    expect(redirectTarget(resolveRoute(state(paths.home, signedOut)))).toBe(paths.signUp);
  });

  it("go to the default public path from every protected route, keeping where they wanted to go", () => {
    const protectedRoutes = allRoutes.filter(
      (route) =>
        ![
          paths.home,
          paths.signIn,
          paths.signUp,
          paths.verifyEmail,
          paths.finalizeSignup,
          paths.privacyPolicy,
        ].includes(route as never),
    );
    expect(protectedRoutes).toContain(paths.verify);
    for (const route of protectedRoutes) {
      const target = redirectTarget(decideRoute(state(route, signedOut)));
      expect(target, route).toBe(`${paths.signUp}?returnUrl=${encodeURIComponent(route)}`);
    }
  });

  it("keep the query of the deep link in returnUrl", () => {
    const target = redirectTarget(decideRoute(state("/kids/select-plan?changePlan=3", signedOut)));
    expect(new URL(target ?? "", "http://x").searchParams.get("returnUrl")).toBe(
      "/kids/select-plan?changePlan=3",
    );
  });
});

describe("signed-out visitors whose browser has signed in before", () => {
  const returning = { auth: { status: "signed-out", signedInBefore: true } } as const;

  it("go to sign-in, not sign-up, keeping where they wanted to go", () => {
    const studio = paths.magicStudio(7);
    expect(redirectTarget(resolveRoute(state(studio, returning)))).toBe(
      `${paths.signIn}?returnUrl=${encodeURIComponent(studio)}`,
    );
    const target = redirectTarget(resolveRoute(state("/kids/select-plan?changePlan=3", returning)));
    expect(target?.startsWith(`${paths.signIn}?`)).toBe(true);
    expect(new URL(target ?? "", "http://x").searchParams.get("returnUrl")).toBe(
      "/kids/select-plan?changePlan=3",
    );
  });

  it("are sent from home to sign-in, and may still open sign-up", () => {
    expect(redirectTarget(resolveRoute(state(paths.home, returning)))).toBe(paths.signIn);
    expect(decideRoute(state(paths.signUp, returning))).toEqual({ kind: "render" });
  });

  it("a new visitor still goes to sign-up (spec §2)", () => {
    const fresh = { auth: { status: "signed-out", signedInBefore: false } } as const;
    expect(redirectTarget(resolveRoute(state(paths.magicStudio(7), fresh)))).toBe(
      `${paths.signUp}?returnUrl=${encodeURIComponent(paths.magicStudio(7))}`,
    );
  });
});

describe("signed-in users with an unverified e-mail", () => {
  it("are redirected to /verify from every page except /verify and /verify-email", () => {
    for (const route of allRoutes) {
      const decision = decideRoute(state(route, unverified));
      if (route === paths.verify || route === paths.verifyEmail) {
        expect(decision, route).toEqual({ kind: "render" });
      } else {
        expect(redirectTarget(decision), route).toBe(paths.verify);
      }
    }
  });

  it("stay on /verify-email with its token", () => {
    expect(decideRoute(state("/verify-email?token=abc", unverified))).toEqual({ kind: "render" });
  });

  it("are not held up by children that never load (the children API needs a verified e-mail)", () => {
    const decision = decideRoute(state(paths.verify, { ...unverified, children: { status: "loading" } }));
    expect(decision).toEqual({ kind: "render" });
  });
});

describe("signed-in users on sign-in or sign-up", () => {
  it("go to the first child's magic studio when children exist", () => {
    for (const route of [paths.signIn, paths.signUp]) {
      expect(redirectTarget(decideRoute(state(route))), route).toBe(paths.magicStudio(7));
    }
  });

  it("go to choose-theme when there are no children", () => {
    for (const route of [paths.signIn, paths.signUp]) {
      expect(redirectTarget(decideRoute(state(route, noChildren))), route).toBe(paths.chooseTheme);
    }
  });

  it("are sent to a same-origin returnUrl instead", () => {
    const decision = decideRoute(
      state(`${paths.signIn}?returnUrl=${encodeURIComponent("/account/settings?tab=1")}`),
    );
    expect(redirectTarget(decision)).toBe("/account/settings?tab=1");
    expect(redirectTarget(decideRoute(state(`${paths.signUp}?returnUrl=%2Fkids%2Fupload-tips`)))).toBe(
      paths.uploadTips,
    );
  });

  it("ignore a returnUrl that leaves the origin", () => {
    for (const bad of [
      "https://evil.example/x",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      const decision = decideRoute(state(`${paths.signIn}?returnUrl=${encodeURIComponent(bad)}`));
      expect(redirectTarget(decision), bad).toBe(paths.magicStudio(7));
    }
  });
});

describe("home", () => {
  it("sends signed-in users to choose-theme, which then applies its own rules", () => {
    expect(redirectTarget(decideRoute(state(paths.home)))).toBe(paths.chooseTheme);
    expect(redirectTarget(resolveRoute(state(paths.home)))).toBe(paths.magicStudio(7));
  });
});

describe("child routes", () => {
  it("render for one of the user's children", () => {
    expect(decideRoute(state(paths.magicStudio(12)))).toEqual({ kind: "render" });
    expect(decideRoute(state(paths.studioIntro(7)))).toEqual({ kind: "render" });
  });

  it("redirect a childId that is not one of the user's children to the first child's studio", () => {
    expect(redirectTarget(decideRoute(state(paths.magicStudio(99))))).toBe(paths.magicStudio(7));
    expect(redirectTarget(decideRoute(state(paths.studioIntro(99))))).toBe(paths.magicStudio(7));
  });

  it("redirect a childId that is not a positive integer without a leading zero", () => {
    for (const segment of ["0", "-7", "07", "7.0", "abc", "1e3", "%20", "99999999999999999999"]) {
      const target = redirectTarget(decideRoute(state(`/kids/children/${segment}/magic-studio`)));
      expect(target, segment).toBe(paths.magicStudio(7));
    }
  });

  it("fall back to choose-theme when the user has no children yet", () => {
    expect(redirectTarget(decideRoute(state(paths.magicStudio(7), noChildren)))).toBe(paths.chooseTheme);
  });
});

describe("choose-theme", () => {
  it("goes to the first child's studio with children and credits above 0", () => {
    expect(decideRoute(state(paths.chooseTheme, { credits: 1 }))).toEqual({
      kind: "redirect",
      to: paths.magicStudio(7),
      toasts: [],
    });
  });

  it("shows the credits-exhausted toast and goes to manage subscription with credits 0 or less", () => {
    for (const credits of [0, -3]) {
      expect(decideRoute(state(paths.chooseTheme, { credits }))).toEqual({
        kind: "redirect",
        to: paths.manageSubscription,
        toasts: [creditsExhaustedMessage],
      });
    }
    expect(creditsExhaustedMessage).toBe("You've used all your credits. Please purchase more to continue.");
  });

  it("waits for the balance before deciding", () => {
    expect(decideRoute(state(paths.chooseTheme, { credits: null }))).toEqual({ kind: "loading" });
  });

  it("renders without children when a plan is active", () => {
    expect(decideRoute(state(paths.chooseTheme, { ...noChildren, credits: 0 }))).toEqual({ kind: "render" });
  });

  it("keeps the toast through a chain of redirects", () => {
    const decision = resolveRoute(state(paths.home, { credits: 0 }));
    expect(decision).toEqual({
      kind: "redirect",
      to: paths.manageSubscription,
      toasts: [creditsExhaustedMessage],
    });
  });
});

describe("/kids pages and the subscription", () => {
  const kidsPages = [
    paths.uploadImages,
    paths.uploadTips,
    paths.consentAgreement,
    paths.topUpCreditPlans,
    paths.addChildren,
    paths.addChildrenInProgress,
    paths.magicStudio(7),
    paths.studioIntro(7),
  ];

  it("go to select-plan when the subscription is absent or inactive", () => {
    for (const route of kidsPages) {
      expect(redirectTarget(decideRoute(state(route, noSubscription))), route).toBe(paths.selectPlan);
      expect(redirectTarget(decideRoute(state(route, inactive))), route).toBe(paths.selectPlan);
    }
  });

  it("stay when a success query is present (just back from checkout)", () => {
    for (const route of kidsPages) {
      expect(decideRoute(state(`${route}?success=true`, noSubscription)), route).toEqual({ kind: "render" });
    }
  });

  it("render with an active subscription", () => {
    for (const route of kidsPages) {
      expect(decideRoute(state(route)), route).toEqual({ kind: "render" });
    }
  });

  it("wait while the subscription is loading", () => {
    expect(decideRoute(state(paths.uploadImages, { subscription: { status: "loading" } }))).toEqual({
      kind: "loading",
    });
  });

  it("render when the subscription could not be loaded (the page shows the error)", () => {
    expect(decideRoute(state(paths.uploadImages, { subscription: { status: "unavailable" } }))).toEqual({
      kind: "render",
    });
  });

  it("send choose-theme without children and without a plan to select-plan", () => {
    expect(redirectTarget(decideRoute(state(paths.chooseTheme, { ...noChildren, ...noSubscription })))).toBe(
      paths.selectPlan,
    );
  });

  it("do not apply to account pages", () => {
    expect(decideRoute(state(paths.manageSubscription, noSubscription))).toEqual({ kind: "render" });
    expect(decideRoute(state(paths.accountSettings, inactive))).toEqual({ kind: "render" });
  });
});

describe("select-plan", () => {
  it("goes to add-children with an active subscription", () => {
    expect(redirectTarget(decideRoute(state(paths.selectPlan)))).toBe(paths.addChildren);
  });

  it("stays with an active subscription when changing plan or back from checkout", () => {
    expect(decideRoute(state(`${paths.selectPlan}?changePlan=3`))).toEqual({ kind: "render" });
    expect(decideRoute(state(`${paths.selectPlan}?success=true`))).toEqual({ kind: "render" });
  });

  it("stays without an active subscription", () => {
    expect(decideRoute(state(paths.selectPlan, noSubscription))).toEqual({ kind: "render" });
    expect(decideRoute(state(paths.selectPlan, inactive))).toEqual({ kind: "render" });
  });
});

describe("verified users", () => {
  it("leave the verification-pending page", () => {
    expect(redirectTarget(decideRoute(state(paths.verify)))).toBe(paths.magicStudio(7));
    expect(redirectTarget(decideRoute(state(paths.verify, noChildren)))).toBe(paths.chooseTheme);
  });

  it("may still open the verification link page (it reports the link as used)", () => {
    expect(decideRoute(state("/verify-email?token=x"))).toEqual({ kind: "render" });
  });

  it("treat a trailing slash like the route itself", () => {
    expect(redirectTarget(decideRoute(state("/sign-in/")))).toBe(paths.magicStudio(7));
  });
});

describe("safeReturnUrl", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safeReturnUrl("/kids/choose-theme?x=1#top")).toBe("/kids/choose-theme?x=1#top");
  });

  it("refuses everything else", () => {
    for (const bad of [
      null,
      "",
      "kids",
      "//evil.example",
      "/\\evil",
      "http://evil.example",
      "/ok\nno",
      "/\ttab",
    ]) {
      expect(safeReturnUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe("resolveRoute", () => {
  it("renders in place when no rule applies", () => {
    expect(resolveRoute(state(paths.accountSettings))).toEqual({ kind: "render" });
  });

  it("stops following a chain at a loading step", () => {
    const decision = resolveRoute(state(paths.home, { credits: null }));
    expect(decision).toEqual({ kind: "redirect", to: paths.chooseTheme, toasts: [] });
  });
});

describe("the local checkout", () => {
  const checkout = paths.checkout("cs_abc123");

  it("is built from the session id, escaped", () => {
    expect(checkout).toBe("/checkout/cs_abc123");
    expect(paths.checkout("a/b?c")).toBe("/checkout/a%2Fb%3Fc");
  });

  it("renders for a verified parent without a plan, or without credits (they are paying for them)", () => {
    expect(decideRoute(state(checkout, noSubscription))).toEqual({ kind: "render" });
    expect(decideRoute(state(checkout, inactive))).toEqual({ kind: "render" });
    expect(decideRoute(state(checkout, { ...noChildren, ...noSubscription, credits: 0 }))).toEqual({
      kind: "render",
    });
    expect(decideRoute(state(checkout, { subscription: { status: "loading" } }))).toEqual({
      kind: "render",
    });
  });

  it("needs a signed-in, verified parent", () => {
    expect(redirectTarget(decideRoute(state(checkout, signedOut)))).toBe(
      `${paths.signUp}?returnUrl=${encodeURIComponent(checkout)}`,
    );
    expect(redirectTarget(decideRoute(state(checkout, unverified)))).toBe(paths.verify);
  });
});

describe("back from a checkout", () => {
  it("lands on add-children or the top-up page even before the new plan is read", () => {
    for (const route of ["/kids/add-children?success=true", "/kids/top-up-credit-plans?success=true"]) {
      expect(decideRoute(state(route, noSubscription)), route).toEqual({ kind: "render" });
    }
  });

  it("lands on add-children once the plan is active", () => {
    expect(resolveRoute(state("/kids/add-children?success=true", noChildren))).toEqual({ kind: "render" });
  });
});

describe("the unsubscribe page (decision 0068)", () => {
  it("opens for everyone: signed out, unverified, and whatever a verified parent's plan", () => {
    for (const who of [signedOut, unverified, { ...noChildren, ...noSubscription, credits: 0 }]) {
      expect(decideRoute(state(`${paths.unsubscribe}?token=abc`, who))).toEqual({ kind: "render" });
    }
  });
});

describe("the invitation page", () => {
  const invitation = paths.invitation("inv_123");

  it("opens for signed-out visitors without sending them to sign-up", () => {
    expect(decideRoute(state(invitation, signedOut))).toEqual({ kind: "render" });
    expect(decideRoute(state(`${invitation}/`, signedOut))).toEqual({ kind: "render" });
  });

  it("opens for signed-in users whose e-mail is not verified yet (it tells them to verify)", () => {
    expect(decideRoute(state(invitation, unverified))).toEqual({ kind: "render" });
  });

  it("opens for verified users, whatever their children, credits or plan", () => {
    expect(decideRoute(state(invitation))).toEqual({ kind: "render" });
    expect(
      decideRoute(
        state(invitation, { ...noChildren, ...noSubscription, credits: 0, children: { status: "loading" } }),
      ),
    ).toEqual({ kind: "render" });
  });

  it("waits for the session like every page", () => {
    expect(decideRoute(state(invitation, { auth: { status: "loading" } }))).toEqual({ kind: "loading" });
  });

  it("needs an id: /invitation alone and deeper paths are not the invitation page", () => {
    expect(redirectTarget(decideRoute(state("/invitation", signedOut)))).toBe(
      `${paths.signUp}?returnUrl=%2Finvitation`,
    );
    expect(redirectTarget(decideRoute(state("/invitation/a/b", signedOut)))).toMatch(
      /^\/sign-up\?returnUrl=/,
    );
  });
});

describe("a pending invitation (opened before the visitor could answer it)", () => {
  const pendingInvitation = paths.invitation("inv_123");

  it("is where a newly verified user lands: from /verify, home, and sign-in or sign-up", () => {
    for (const route of [paths.verify, paths.home, paths.signIn, paths.signUp]) {
      expect(redirectTarget(resolveRoute(state(route, { pendingInvitation }))), route).toBe(
        pendingInvitation,
      );
    }
  });

  it("gives way to an explicit returnUrl", () => {
    const decision = decideRoute(
      state(`${paths.signIn}?returnUrl=%2Faccount%2Fsettings`, { pendingInvitation }),
    );
    expect(redirectTarget(decision)).toBe(paths.accountSettings);
  });

  it("does not take anyone away from the page they opened", () => {
    expect(decideRoute(state(paths.accountSettings, { pendingInvitation }))).toEqual({ kind: "render" });
  });

  it("waits for verification: an unverified user still goes to /verify", () => {
    expect(redirectTarget(decideRoute(state(paths.home, { ...unverified, pendingInvitation })))).toBe(
      paths.verify,
    );
  });

  it("is ignored unless it is an invitation path", () => {
    for (const bad of ["https://evil.example/invitation/x", "//evil.example", "/account/settings", ""]) {
      expect(redirectTarget(decideRoute(state(paths.verify, { pendingInvitation: bad }))), bad).toBe(
        paths.magicStudio(7),
      );
    }
  });
});
