import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/cn";

type MenuProps = {
  /** The content of the button that opens the menu; give it an accessible name. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** The menu's items; call `close` when one is chosen. */
  children: (close: () => void) => ReactNode;
  /** A wider panel, for items with a second line. */
  wide?: boolean;
  className?: string;
};

/**
 * A disclosure menu: a button that shows a short list of links and actions below it. It closes on
 * Escape (focus returns to the button), on a click elsewhere and when an item is chosen. Navigation
 * menus use the disclosure pattern rather than role="menu", so plain Tab moves through the items.
 */
export function Menu({ trigger, triggerClassName, children, wide = false, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          "absolute right-0 z-40 mt-2 origin-top-right rounded-2xl bg-surface p-2 text-ink shadow-(--shadow-lift) ring-1 ring-line",
          wide ? "w-72" : "w-64",
          className,
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}

export const menuItemClass =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[0.95rem] font-semibold text-ink transition-colors hover:bg-primary-50 focus-visible:bg-primary-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted";
