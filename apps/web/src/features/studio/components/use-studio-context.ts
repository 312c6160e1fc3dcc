import { can, findPlanVariant } from "@wonderkin/contract";
import { useCredits } from "@/entities/billing/billing-queries";
import { useFamilySpending } from "@/entities/billing/family-spending";
import { useParentPlan } from "@/entities/billing/plan-entitlements";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamily } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { usePublicConfig } from "@/lib/public-config";

/**
 * What the studio pages need: the parent, the balance and plan that pay for what they make here
 * (their own, or the family's when its owner shares it; decision 0050), the current family and
 * their role in it, its children and the child of the page.
 */
export function useStudioContext(childId: number | null) {
  const session = useSession();
  const userId = session.data?.user.id;
  const user = useUser(userId);
  const credits = useCredits(userId);
  const plan = useParentPlan();
  const family = useCurrentFamily();
  const familyId = family.currentId;
  const children = useChildren(familyId, { pollWhileTraining: true });
  const config = usePublicConfig();
  const spending = useFamilySpending(userId, familyId);
  const list = children.data ?? [];
  const child = list.find((entry) => entry.id === childId) ?? null;
  const role = family.current?.role ?? null;
  // The fresh balance, else the user record's (failures of a credit refresh are silent, spec §8).
  const ownBalance = credits.data ?? user.data?.totalCredits ?? null;
  const payer = spending.data?.payer ?? null;
  const balance = payer === "family" ? (spending.data?.credits ?? null) : ownBalance;
  // The paying plan decides the styles; one who only looks sees the family's plan's.
  const planId = spending.data?.payingPlanId ?? spending.data?.familyPlan.planId ?? null;
  const shownPlan = planId === null ? plan.plan : (findPlanVariant(planId)?.plan ?? plan.plan);
  const roleMayGenerate = role !== null && can(role, { resource: "image", action: "generate" });

  return {
    userId,
    familyId,
    familyName: family.current?.name ?? "your family",
    role,
    canStartTraining: role !== null && can(role, { resource: "training", action: "start" }),
    canGenerate: roleMayGenerate && (payer !== null || !spending.data),
    /** Why this parent cannot create here although their role may: whom to ask, or a plan to choose. */
    spendingBlocked: roleMayGenerate ? (spending.data?.blocked ?? null) : null,
    payer,
    canDeleteAny: role !== null && can(role, { resource: "image", action: "delete-any" }),
    canDeleteOwn: role !== null && can(role, { resource: "image", action: "delete-own" }),
    children,
    siblings: list,
    child,
    balance,
    plan: shownPlan,
    entitlements: shownPlan?.entitlements ?? null,
    minPhotos: config.data?.photos.min ?? null,
    config,
    isPending: family.isPending || children.isPending || user.isPending,
  };
}

export type StudioContext = ReturnType<typeof useStudioContext>;
