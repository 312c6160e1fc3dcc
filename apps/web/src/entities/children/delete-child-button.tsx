import { Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

// The dialog (Radix, ≈ 13 KB gzipped with its focus and scroll locks) loads on the first click; once
// there it stays mounted, so it opens and closes exactly as before.
const DeleteChildDialog = lazy(() =>
  import("./delete-child-dialog").then((module) => ({ default: module.DeleteChildDialog })),
);

/**
 * "Delete {name}" for a page about that child (owners only: the page decides who sees it). After the
 * deletion it leaves for `leaveTo`, since the page's child is gone.
 */
export function DeleteChildButton({
  familyId,
  child,
  leaveTo,
  onDark = false,
  className,
}: {
  familyId: string;
  child: { id: number; firstName: string };
  leaveTo: string;
  /** On a dark banner (the studio's header). */
  onDark?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button
        variant={onDark ? "bare" : "ghost-danger"}
        size="sm"
        className={cn(onDark && "text-white/80 hover:bg-white/10 hover:text-white", className)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden /> Delete<span className="sr-only"> {child.firstName}</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <DeleteChildDialog
            familyId={familyId}
            child={child}
            open={open}
            onOpenChange={setOpen}
            onDeleted={() => navigate(leaveTo, { replace: true })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
