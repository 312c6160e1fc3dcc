import { familyRoleLabels } from "@wonderkin/contract";
import { Check, ChevronsUpDown, Users } from "lucide-react";
import { Link } from "react-router";
import { Menu, menuItemClass } from "@/components/ui/menu";
import { paths } from "@/config/paths";
import { useCurrentFamily } from "@/entities/session/current-family";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { FamilyPicture } from "./family-picture";

/**
 * The family the app acts for, in the header, with the way to switch: shown only to parents who
 * belong to more than one family. Switching refreshes everything that belongs to a family.
 */
export function FamilySwitcher() {
  const { families, current, switchFamily } = useCurrentFamily();
  if (families.length < 2 || !current) return null;

  return (
    <nav aria-label="Family">
      <Menu
        triggerClassName="flex max-w-64 items-center gap-1.5 rounded-full py-1 pr-2 pl-1 sm:gap-2 sm:pr-2.5 text-sm font-semibold text-white transition-colors hover:bg-white/10 aria-expanded:bg-white/10"
        trigger={
          <>
            <FamilyPicture family={current} size="sm" ring="faint" round />
            <span className="sr-only">Family: </span>
            {/* Phones show the picture only (like the account menu's name); the menu names every family. */}
            <span className="min-w-0 truncate max-sm:sr-only">{current.name}</span>
            <ChevronsUpDown className="size-4 shrink-0 text-white/70" aria-hidden />
          </>
        }
        wide
      >
        {(close) => (
          <>
            <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              Your families
            </p>
            <ul className="flex flex-col gap-0.5">
              {families.map((family) => {
                const isCurrent = family.id === current.id;
                return (
                  <li key={family.id}>
                    <button
                      type="button"
                      aria-current={isCurrent ? "true" : undefined}
                      className={cn(menuItemClass, isCurrent && "bg-primary-50/70")}
                      onClick={() => {
                        close();
                        if (isCurrent) return;
                        void switchFamily(family.id);
                        toast.success(`You're now in ${family.name}.`, { id: "family-switched" });
                      }}
                    >
                      <FamilyPicture family={family} size="sm" ring="none" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{family.name}</span>
                        <span className="block text-xs font-normal text-muted">
                          {familyRoleLabels[family.role]} ·{" "}
                          {family.memberCount === 1 ? "1 member" : `${family.memberCount} members`}
                        </span>
                      </span>
                      {isCurrent ? (
                        <>
                          <Check className="text-primary-600!" aria-hidden />
                          <span className="sr-only">(current family)</span>
                        </>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="mt-1 border-t border-line pt-1">
              <Link to={paths.familySettings} className={menuItemClass} onClick={close}>
                <Users aria-hidden /> Manage family
              </Link>
            </div>
          </>
        )}
      </Menu>
    </nav>
  );
}
