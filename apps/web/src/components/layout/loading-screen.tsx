import { LogoMark } from "@/components/ui/logo";
import { Spinner } from "@/components/ui/spinner";

/** Shown while the session or the family's children are being loaded (spec §2). */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center bg-canvas" data-testid="loading-screen">
      <div className="flex flex-col items-center gap-5">
        <LogoMark className="size-14 animate-pulse" />
        <Spinner label="Loading your account" />
      </div>
    </div>
  );
}
