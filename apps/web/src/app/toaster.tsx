import { useSyncExternalStore } from "react";
import { Toaster as SonnerToaster } from "sonner";
import "sonner/dist/styles.css";
import { toastDurationMs } from "@/config/app";
import { PHONE_TOASTS_QUERY, toasterPlacement } from "./toaster-placement";

const phoneQuery = () => window.matchMedia(PHONE_TOASTS_QUERY);
const subscribe = (onChange: () => void) => {
  const query = phoneQuery();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * The app's toasts: 4 s, coloured by kind, closable, placed by `toasterPlacement` (below the header
 * on a desktop, from the bottom on a phone). Loaded with the first toast.
 */
export default function Toaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => phoneQuery().matches,
    () => false,
  );
  return <SonnerToaster {...toasterPlacement(phone)} duration={toastDurationMs} richColors closeButton />;
}
