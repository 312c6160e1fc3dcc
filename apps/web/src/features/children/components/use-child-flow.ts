import { can, parseChildIdSegment } from "@wonderkin/contract";
import { useSearchParams } from "react-router";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamily } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { consentStatus } from "../lib/consent";

/**
 * What every page of the add-a-child flow needs: the parent, their consent, the current family and
 * their role in it, its children, and the child the page is about (`?child=<id>`, else the first).
 */
export function useChildFlow(options: { pollWhileTraining?: boolean } = {}) {
  const session = useSession();
  const userId = session.data?.user.id;
  const user = useUser(userId);
  const family = useCurrentFamily();
  const children = useChildren(family.currentId, options);
  const [params] = useSearchParams();
  const requestedId = parseChildIdSegment(params.get("child") ?? undefined);
  const list = children.data ?? [];
  const child = list.find((entry) => entry.id === requestedId) ?? list[0] ?? null;
  const role = family.current?.role ?? null;

  return {
    userId,
    user,
    consent: consentStatus(user.data?.consent),
    family,
    familyId: family.currentId,
    familyName: family.current?.name ?? "your family",
    role,
    canAddChild: role !== null && can(role, { resource: "child", action: "create" }),
    canUpload: role !== null && can(role, { resource: "photo", action: "upload" }),
    canDeletePhotos: role !== null && can(role, { resource: "photo", action: "delete" }),
    canStartTraining: role !== null && can(role, { resource: "training", action: "start" }),
    /** Make portraits, and so change a preview's style while the model trains. */
    canGenerate: role !== null && can(role, { resource: "image", action: "generate" }),
    children,
    child,
    /** The family, role and children are known (or could not be read). */
    isPending: family.isPending || children.isPending || user.isPending,
  };
}

export type ChildFlow = ReturnType<typeof useChildFlow>;
