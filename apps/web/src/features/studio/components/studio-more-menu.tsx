import { Ellipsis, Trash2 } from "lucide-react";
import { dangerMenuItemClass, Menu } from "@/components/ui/menu";
import { useDeleteChildDialog } from "@/entities/children/use-delete-child-dialog";

/**
 * The studio header's last control: a "More" menu holding what cannot be undone (deleting the child),
 * so it is never the first thing a parent reaches on the banner (decision 0056). Owners only: the
 * page decides who sees it.
 */
export function StudioMoreMenu({
  familyId,
  child,
  leaveTo,
}: {
  familyId: string;
  child: { id: number; firstName: string };
  leaveTo: string;
}) {
  const deletion = useDeleteChildDialog({ familyId, child, leaveTo });
  return (
    <>
      <Menu
        trigger={
          <>
            <Ellipsis aria-hidden className="size-5" />
            <span className="sr-only">More for {child.firstName}'s studio</span>
          </>
        }
        triggerClassName="grid size-10 place-items-center rounded-full text-white/80 transition-colors hover:bg-white/10 hover:text-white"
      >
        {(close) => (
          <button
            type="button"
            className={dangerMenuItemClass}
            onClick={() => {
              close();
              deletion.ask();
            }}
          >
            <Trash2 aria-hidden /> Delete {child.firstName}…
          </button>
        )}
      </Menu>
      {deletion.dialog}
    </>
  );
}
