import { type Child, can } from "@wonderkin/contract";
import { Check, ChevronsUpDown, Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Menu, menuItemClass } from "@/components/ui/menu";
import { paths } from "@/config/paths";
import { ChildAvatar } from "@/entities/children/child-avatar";
import { childStageLabels } from "@/entities/children/child-stage";
import { useChildren } from "@/entities/children/get-children";
import { useCurrentFamily } from "@/entities/session/current-family";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { childOfLocation, studioEntryPath } from "@/entities/studio/studio-intro";
import { cn } from "@/lib/cn";
import { withChild } from "../lib/flow-links";

/** A child's own page: their studio once the model is ready, else how they are getting on. */
function childPath(child: Child): string {
  return child.trainingStatus === "completed"
    ? studioEntryPath(child.id, child.studioIntroSeen)
    : withChild(paths.addChildrenInProgress, child.id);
}

/** Under a child's name in the menu: their studio, or where they are on the way to it. */
function childStatus(child: Child): string {
  if (child.trainingStatus === "completed") return "Magic studio";
  if (child.trainingStatus === "started") return childStageLabels.training.label;
  if (child.trainingStatus === "failed") return childStageLabels.failed.label;
  return "Getting ready";
}

/**
 * The family's children in the header, with the way from one child's studio to another's (and to
 * adding a child, for those who may): the current child is the one the page is about, else the
 * first (spec §4). Hidden until the family has a child; families then learn here where a second
 * one goes (decision 0051).
 */
export function HeaderChildrenSwitcher() {
  const session = useSession();
  const user = useUser(session.data?.user.id);
  const family = useCurrentFamily();
  // The same list the route guard reads (only for verified parents, like the guard): no request of its own.
  const children = useChildren(user.data?.emailVerified === true ? family.currentId : null);
  const location = useLocation();
  const role = family.current?.role ?? null;
  return (
    <ChildrenSwitcher
      familyChildren={children.data ?? []}
      currentId={childOfLocation(location)}
      canAddChild={role !== null && can(role, { resource: "child", action: "create" })}
    />
  );
}

/** The switcher itself: the current child on the button, every child's studio in the menu. */
export function ChildrenSwitcher({
  familyChildren,
  currentId,
  canAddChild,
}: {
  familyChildren: readonly Child[];
  /** The child the page is about, if any. */
  currentId: number | null;
  canAddChild: boolean;
}) {
  const current = familyChildren.find((child) => child.id === currentId) ?? familyChildren[0];
  if (!current) return null;

  return (
    <nav aria-label="Children">
      <Menu
        triggerClassName="flex max-w-48 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-white transition-colors hover:bg-white/10 aria-expanded:bg-white/10 sm:gap-2 sm:pr-2.5"
        trigger={
          <>
            <ChildAvatar name={current.firstName} className="size-8 text-sm" flat />
            <span className="sr-only">Child: </span>
            {/* Phones show the initial only; the menu names every child. */}
            <span className="min-w-0 truncate max-sm:sr-only">{current.firstName}</span>
            <ChevronsUpDown className="size-4 shrink-0 text-white/70" aria-hidden />
          </>
        }
        wide
      >
        {(close) => (
          <>
            <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              Your children
            </p>
            <ul className="flex flex-col gap-0.5">
              {familyChildren.map((child) => {
                const isCurrent = child.id === current.id;
                return (
                  <li key={child.id}>
                    <Link
                      to={childPath(child)}
                      aria-current={isCurrent ? "true" : undefined}
                      className={cn(menuItemClass, isCurrent && "bg-primary-50/70")}
                      onClick={close}
                    >
                      <ChildAvatar name={child.firstName} className="size-8 text-sm" flat />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">Studio of {child.firstName}</span>
                        <span className="block text-xs font-normal text-muted">{childStatus(child)}</span>
                      </span>
                      {isCurrent ? (
                        <>
                          <Check className="text-primary-600!" aria-hidden />
                          <span className="sr-only">(current child)</span>
                        </>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
            {canAddChild ? (
              <div className="mt-1 border-t border-line pt-1">
                <Link to={paths.addChildren} className={menuItemClass} onClick={close}>
                  <Plus aria-hidden /> Add a child
                </Link>
              </div>
            ) : null}
          </>
        )}
      </Menu>
    </nav>
  );
}
