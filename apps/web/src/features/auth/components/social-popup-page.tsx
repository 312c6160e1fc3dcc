import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { SOCIAL_POPUP_MESSAGE, type SocialPopupMessage, socialPopupOutcome } from "../lib/social-popup";
import { WorkingView } from "./working-view";

/**
 * paths.socialSignInPopup: a Google or Facebook sign-in popup comes back here (see social-popup.ts).
 * It tells the window that opened it where to go on and closes. Without an opener (the address
 * opened another way, or the opener is gone) the sign-in goes on here, as the redirect would.
 */
export function SocialPopupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [handedOver, setHandedOver] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const outcome = socialPopupOutcome(location.search);
    if (!outcome) {
      navigate(paths.signIn, { replace: true });
      return;
    }
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      const message: SocialPopupMessage = { type: SOCIAL_POPUP_MESSAGE, ...outcome };
      opener.postMessage(message, window.location.origin);
      setHandedOver(true);
      window.close();
      return;
    }
    navigate(outcome.to, { replace: true });
  }, [location.search, navigate]);

  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center px-6">
      {handedOver ? (
        <div className="flex flex-col gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">You're signed in</h1>
          <p className="text-muted">You can close this window: the app goes on in the other one.</p>
        </div>
      ) : (
        <WorkingView title="Signing you in…" detail="This window closes by itself." />
      )}
    </main>
  );
}

export { SocialPopupPage as Component };
