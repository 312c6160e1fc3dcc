import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useDeleteChildDialog } from "./use-delete-child-dialog";

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
  const deletion = useDeleteChildDialog({ familyId, child, leaveTo });
  return (
    <>
      <Button
        variant={onDark ? "bare" : "ghost-danger"}
        size="sm"
        className={cn(onDark && "text-white/80 hover:bg-white/10 hover:text-white", className)}
        onClick={deletion.ask}
      >
        <Trash2 aria-hidden /> Delete<span className="sr-only"> {child.firstName}</span>
      </Button>
      {deletion.dialog}
    </>
  );
}
