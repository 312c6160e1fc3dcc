import { lazy, Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog";

const ConfirmDialog = lazy(() =>
  import("./confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * ConfirmDialog for pages where it waits behind an action (the studio's "Remove"): the dialog and
 * Radix with it (≈ 13 KB gzipped, its focus and scroll locks) load when it first opens, not with the
 * page. From then on it stays mounted, so it opens and closes exactly as ConfirmDialog does.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
