import { Toaster as SonnerToaster } from "sonner";
import "sonner/dist/styles.css";
import { toastDurationMs } from "@/config/app";

/** The app's toasts: top-right, 4 s, coloured by kind, closable. Loaded with the first toast. */
export default function Toaster() {
  return <SonnerToaster position="top-right" duration={toastDurationMs} richColors closeButton />;
}
