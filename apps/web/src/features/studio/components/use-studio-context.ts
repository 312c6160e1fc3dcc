import { can } from "@wonderkin/contract";
import { useCredits } from "@/entities/billing/billing-queries";
import { useParentPlan } from "@/entities/billing/plan-entitlements";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamily } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { usePublicConfig } from "@/lib/public-config";

/**
 * What the studio pages need: the parent, their balance and plan, the current family and their role
 * in it, its children and the child of the page.
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
  const list = children.data ?? [];
  const child = list.find((entry) => entry.id === childId) ?? null;
  const role = family.current?.role ?? null;
  // The fresh balance, else the user record's (failures of a credit refresh are silent, spec §8).
  const balance = credits.data ?? user.data?.totalCredits ?? null;

  return {
    userId,
    familyId,
    familyName: family.current?.name ?? "your family",
    role,
    canStartTraining: role !== null && can(role, { resource: "training", action: "start" }),
    canGenerate: role !== null && can(role, { resource: "image", action: "generate" }),
    canDeleteAny: role !== null && can(role, { resource: "image", action: "delete-any" }),
    canDeleteOwn: role !== null && can(role, { resource: "image", action: "delete-own" }),
    children,
    siblings: list,
    child,
    balance,
    plan: plan.plan,
    entitlements: plan.entitlements,
    minPhotos: config.data?.photos.min ?? null,
    config,
    isPending: family.isPending || children.isPending || user.isPending,
  };
}

export type StudioContext = ReturnType<typeof useStudioContext>;
