import type { ChildSummary, FamilySpending } from "@wonderkin/contract";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { creditsExhaustedMessage, type GuardState, resolveRoute } from "./guard";
import { familyPlanGuardState } from "./subscription-guard-state";

/**
 * Decision 0050: the /kids pages need the family's plan (its owner's) to be seen, not one's own; a
 * member who only looks is never sent to pay. A parent alone in their family keeps spec §2's rules.
 */
const kids: ChildSummary[] = [{ id: 7, trainingStatus: "completed" }];

type FamilyPlan = NonNullable<GuardState["familyPlan"]>;
const ownersPlan: FamilyPlan = { status: "loaded", active: true, heldByYou: false };
const yourPlan: FamilyPlan = { status: "loaded", active: true, heldByYou: true };
const noFamilyPlan: FamilyPlan = { status: "loaded", active: false, heldByYou: false };

/** A verified parent in a family with one child, no credits and no plan of their own, on `url`. */
function member(url: string, familyPlan: FamilyPlan, overrides: Partial<GuardState> = {}): GuardState {
  const parsed = new URL(url, "http://x");
  return {
    auth: { status: "signed-in", emailVerified: true },
    children: { status: "loaded", children: kids },
    credits: 0,
    subscription: { status: "loaded", subscription: null },
    familyPlan,
    location: { pathname: parsed.pathname, search: parsed.search },
    ...overrides,
  };
}

const target = (state: GuardState) => {
  const decision = resolveRoute(state);
  return decision.kind === "redirect" ? decision.to : decision.kind;
};

describe("a member of a family whose owner has a plan, without one of their own", () => {
  it("sees the child's studio and its introduction: no paywall for looking", () => {
    expect(target(member(paths.magicStudio(7), ownersPlan))).toBe("render");
    expect(target(member(paths.studioIntro(7), ownersPlan))).toBe("render");
  });

  it("is taken from home and choose-theme to the studio, never to pay, whatever their own credits", () => {
    expect(target(member(paths.home, ownersPlan))).toBe(paths.magicStudio(7));
    const decision = resolveRoute(member(paths.chooseTheme, ownersPlan));
    expect(decision).toEqual({ kind: "redirect", to: paths.magicStudio(7), toasts: [] });
  });

  it("may still open select-plan to buy a plan of their own", () => {
    expect(target(member(paths.selectPlan, ownersPlan))).toBe("render");
  });

  it("waits for the family's plan before deciding", () => {
    expect(target(member(paths.magicStudio(7), { status: "loading" }))).toBe("loading");
    expect(target(member(paths.chooseTheme, { status: "loading" }))).toBe("loading");
  });
});

describe("spec §2 stays true where the family's plan is one's own, or there is none", () => {
  it("sends a parent whose family has no plan to select-plan before their studio", () => {
    expect(target(member(paths.magicStudio(7), noFamilyPlan))).toBe(paths.selectPlan);
  });

  it("sends a parent who holds the family's plan but whose subscription reads inactive to select-plan", () => {
    expect(target(member(paths.magicStudio(7), yourPlan))).toBe(paths.selectPlan);
  });

  it("sends a parent with children and no credits from choose-theme to manage subscription", () => {
    const own = member(paths.chooseTheme, yourPlan, {
      subscription: { status: "loaded", subscription: { isActive: true } },
    });
    expect(resolveRoute(own)).toEqual({
      kind: "redirect",
      to: paths.manageSubscription,
      toasts: [creditsExhaustedMessage],
    });
  });

  it("treats a family plan that could not be read as none: the parent's own plan decides", () => {
    expect(target(member(paths.magicStudio(7), { status: "unavailable" }))).toBe(paths.selectPlan);
  });

  it("keeps the old rules when the state says nothing about the family's plan", () => {
    const { familyPlan: _, ...withoutFamilyPlan } = member(paths.magicStudio(7), ownersPlan);
    expect(target(withoutFamilyPlan)).toBe(paths.selectPlan);
  });
});

describe("familyPlanGuardState", () => {
  const spending = (active: boolean, heldByYou: boolean): FamilySpending => ({
    familyPlan: { active, planId: active ? 3 : null, planName: active ? "Oracle" : null },
    heldByYou,
    membersMaySpend: false,
    payer: heldByYou ? "you" : null,
    payingPlanId: heldByYou ? 3 : null,
    credits: heldByYou ? 10 : null,
    blocked: heldByYou ? null : active ? "ask-owner" : "plan-required",
  });

  it("reads the family's plan once it is known", () => {
    expect(familyPlanGuardState({ asked: true, data: spending(true, false), isPending: false })).toEqual(
      ownersPlan,
    );
    expect(familyPlanGuardState({ asked: true, data: spending(false, false), isPending: false })).toEqual(
      noFamilyPlan,
    );
  });

  it("is loading while asked, unavailable after a failed read, and none when not asked", () => {
    expect(familyPlanGuardState({ asked: true, data: undefined, isPending: true })).toEqual({
      status: "loading",
    });
    expect(familyPlanGuardState({ asked: true, data: undefined, isPending: false })).toEqual({
      status: "unavailable",
    });
    expect(familyPlanGuardState({ asked: false, data: undefined, isPending: true })).toEqual(noFamilyPlan);
  });
});
