import { lazy, type ReactNode, Suspense, useState } from "react";
import { useNavigate } from "react-router";

// The dialog (Radix, ≈ 13 KB gzipped with its focus and scroll locks) loads on the first ask; once
// there it stays mounted, so it opens and closes exactly as before.
const DeleteChildDialog = lazy(() =>
  import("./delete-child-dialog").then((module) => ({ default: module.DeleteChildDialog })),
);

/**
 * "Delete {name}" asked from a page about that child (a button, a menu item): `ask` opens the
 * confirmation, `dialog` is rendered beside the control. After the deletion it leaves for `leaveTo`,
 * since the page's child is gone.
 */
export function useDeleteChildDialog({
  familyId,
  child,
  leaveTo,
}: {
  familyId: string;
  child: { id: number; firstName: string };
  leaveTo: string;
}): { ask: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const navigate = useNavigate();
  const dialog = wanted ? (
    <Suspense fallback={null}>
      <DeleteChildDialog
        familyId={familyId}
        child={child}
        open={open}
        onOpenChange={setOpen}
        onDeleted={() => navigate(leaveTo, { replace: true })}
      />
    </Suspense>
  ) : null;
  return {
    ask: () => {
      setWanted(true);
      setOpen(true);
    },
    dialog,
  };
}
