import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
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

/** The least room kept between an open menu and the screen's edges. */
const SCREEN_MARGIN = 8;

/**
 * How far (px) a panel must move sideways to sit inside the screen, keeping SCREEN_MARGIN: a panel
 * aligned to its button's right edge runs off a phone's left edge when the button is mid-header.
 */
export function shiftIntoScreen(panel: { left: number; right: number }, screenWidth: number): number {
  if (panel.left < SCREEN_MARGIN) return SCREEN_MARGIN - panel.left;
  if (panel.right > screenWidth - SCREEN_MARGIN) return screenWidth - SCREEN_MARGIN - panel.right;
  return 0;
}

/**
 * A disclosure menu: a button that shows a short list of links and actions below it. It closes on
 * Escape (focus returns to the button), on a click elsewhere and when an item is chosen. Navigation
 * menus use the disclosure pattern rather than role="menu", so plain Tab moves through the items.
 */
export function Menu({ trigger, triggerClassName, children, wide = false, className }: MenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Measured before paint, so the panel never shows half off the screen first.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    panel.style.translate = "";
    const box = panel.getBoundingClientRect();
    if (box.width === 0) return; // not laid out (nothing to keep on screen)
    const shift = shiftIntoScreen(box, document.documentElement.clientWidth);
    if (shift !== 0) panel.style.translate = `${shift}px 0`;
  }, [open]);

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
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className={cn(
          "absolute right-0 z-40 mt-2 origin-top-right rounded-2xl bg-surface p-2 text-ink shadow-(--shadow-lift) ring-1 ring-line",
          wide ? "w-72" : "w-64",
          "max-w-[calc(100vw-1rem)]",
          className,
        )}
      >
        {children(() => setOpen(false))}
      </div>
    </div>
  );
}

const menuItemShape =
  "flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[0.95rem] font-semibold transition-colors hover:bg-primary-50 focus-visible:bg-primary-50 [&_svg]:size-4 [&_svg]:shrink-0";
export const menuItemClass = `${menuItemShape} text-ink [&_svg]:text-muted`;
/** An item that deletes something: its own colours, not the plain item's overridden (decision 0036). */
export const dangerMenuItemClass = `${menuItemShape} text-danger-700 [&_svg]:text-danger-600`;
