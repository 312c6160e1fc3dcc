import type { ToasterProps } from "sonner";

/** Sonner lays toasts out full width below this width: the phones. */
export const PHONE_TOASTS_QUERY = "(max-width: 599px)";

/**
 * Where the toasts go. On a desktop, top-right below the sticky app header (its height is a CSS
 * variable), so a toast never covers the credit balance or the account menu. On a phone a toast
 * spans the screen, and at the top it covered the page's first lines (the add-a-child stepper):
 * there it rises from the bottom, above the home indicator (decision 0056).
 */
export function toasterPlacement(phone: boolean): Pick<ToasterProps, "position" | "offset" | "mobileOffset"> {
  if (phone) {
    return {
      position: "bottom-center",
      mobileOffset: { bottom: "calc(env(safe-area-inset-bottom) + 0.75rem)" },
    };
  }
  const belowHeader = { top: "calc(var(--app-header-height) + 0.75rem)" };
  return { position: "top-right", offset: belowHeader, mobileOffset: belowHeader };
}
