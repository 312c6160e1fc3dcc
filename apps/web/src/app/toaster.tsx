import { Toaster as SonnerToaster } from "sonner";
import "sonner/dist/styles.css";
import { toastDurationMs } from "@/config/app";

/**
 * Below the sticky app header (its height is a CSS variable), so a toast never covers the credit
 * balance or the account menu, on a desktop or a phone.
 */
const belowHeader = (gap: string) => ({ top: `calc(var(--app-header-height) + ${gap})` });

/** The app's toasts: top-right, 4 s, coloured by kind, closable. Loaded with the first toast. */
export default function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      offset={belowHeader("0.75rem")}
      mobileOffset={belowHeader("0.5rem")}
      duration={toastDurationMs}
      richColors
      closeButton
    />
  );
}
