import type { SocialProvider } from "@wonderkin/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Divider } from "@/components/ui/divider";
import { paths } from "@/config/paths";
import { loadAuthClient } from "@/entities/session/load-auth-client";
import { usePublicConfig } from "@/lib/public-config";
import { finalizeSocialUrl } from "../lib/finalize-social-url";
import {
  newPopupAttempt,
  openSignInPopup,
  prefersSignInPopup,
  socialPopupUrl,
  waitForSocialPopup,
} from "../lib/social-popup";

function GoogleMark() {
  return (
    <svg viewBox="0 0 18 18" aria-hidden>
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.637-.057-1.251-.164-1.84H9v3.481h4.844a4.14 4.14 0 0 1-1.796 2.716v2.259h2.908c1.702-1.567 2.684-3.875 2.684-6.615z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.467-.806 5.956-2.18l-2.908-2.259c-.806.54-1.837.86-3.048.86-2.344 0-4.328-1.584-5.036-3.711H.957v2.332A8.997 8.997 0 0 0 9 18z"
      />
      <path
        fill="#FBBC05"
        d="M3.964 10.71A5.41 5.41 0 0 1 3.682 9c0-.593.102-1.17.282-1.71V4.958H.957A8.996 8.996 0 0 0 0 9c0 1.452.348 2.827.957 4.042l3.007-2.332z"
      />
      <path
        fill="#EA4335"
        d="M9 3.58c1.321 0 2.508.454 3.44 1.345l2.582-2.58C13.463.891 11.426 0 9 0A8.997 8.997 0 0 0 .957 4.958L3.964 7.29C4.672 5.163 6.656 3.58 9 3.58z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path
        fill="#0866FF"
        d="M9.101 23.691v-7.98H6.627v-3.667h2.474v-1.58c0-4.085 1.848-5.978 5.858-5.978.401 0 .955.042 1.468.103a8.68 8.68 0 0 1 1.141.195v3.325a8.623 8.623 0 0 0-.653-.036 26.805 26.805 0 0 0-.733-.009c-.707 0-1.259.096-1.675.309a1.686 1.686 0 0 0-.679.622c-.258.42-.374.995-.374 1.752v1.297h3.919l-.386 2.103-.287 1.564h-3.246v8.245C19.396 23.238 24 18.179 24 12.044c0-6.627-5.373-12-12-12s-12 5.373-12 12c0 5.628 3.874 10.35 9.101 11.647Z"
      />
    </svg>
  );
}

const providers: { id: SocialProvider; label: string; Mark: () => React.JSX.Element }[] = [
  { id: "google", label: "Google", Mark: GoogleMark },
  { id: "facebook", label: "Facebook", Mark: FacebookMark },
];

type SocialSignInButtonsProps = {
  /** Where to go once signed in (a same-origin path), carried through the provider's redirect. */
  returnUrl?: string | null;
  /** Called with a message when the provider could not be reached; the page shows it. */
  onError: (message: string) => void;
  /** Called before leaving for the provider, so the page can clear an old message. */
  onStart?: () => void;
};

const prefetchAuthClient = () => void loadAuthClient().catch(() => undefined);

/** Where a sign-in goes after the provider: /finalize-social (new accounts with `new=1`) or /sign-in. */
function callbackUrls(provider: SocialProvider, returnUrl: string | null | undefined) {
  return {
    callbackURL: finalizeSocialUrl({ provider, returnUrl }),
    newUserCallbackURL: finalizeSocialUrl({ provider, returnUrl, isNewUser: true }),
    errorCallbackURL: paths.signIn,
  };
}

/**
 * Google and Facebook sign-in (spec §7). On a desktop in a popup: it visits the provider and comes
 * back to a page of ours that tells this window where to go on (social-popup.ts). On a phone, or
 * when the browser blocks the popup, the page itself leaves for the provider. Either way the sign-in
 * goes on at /finalize-social (new accounts with `new=1`), which finishes it; a failure goes to
 * /sign-in with an `error` query.
 */
export function SocialSignInButtons({ returnUrl, onError, onStart }: SocialSignInButtonsProps) {
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const navigate = useNavigate();
  // Only the providers this deployment has keys for; none at all → e-mail only, no divider.
  const configured = usePublicConfig().data?.socialProviders ?? [];
  const offered = providers.filter((provider) => configured.includes(provider.id));
  if (offered.length === 0) return null;

  function signInWith(provider: SocialProvider, label: string) {
    onStart?.();
    setPending(provider);
    // Opened within the click, before anything is awaited, so no popup blocker refuses it.
    const popup = prefersSignInPopup() ? openSignInPopup() : null;
    const failed = () => {
      setPending(null);
      onError(`${label} sign-in is not available right now. Please use your e-mail instead.`);
    };
    void (popup ? signInInPopup(provider, popup) : signInByRedirect(provider)).then((ok) => {
      if (!ok) failed();
    });
  }

  /** The page leaves for the provider; false when it could not. */
  async function signInByRedirect(provider: SocialProvider): Promise<boolean> {
    // The auth client loads on first use (the pointer over a button starts it); not loading is a failure too.
    const authClient = await loadAuthClient().catch(() => null);
    const { error } = authClient
      ? await authClient.signIn.social({ provider, ...callbackUrls(provider, returnUrl) })
      : { error: true };
    // On success the page is already navigating away to the provider: keep the spinner.
    return !error;
  }

  /** The popup visits the provider; this page goes on where it says. False when it could not start. */
  async function signInInPopup(provider: SocialProvider, popup: Window): Promise<boolean> {
    const attempt = newPopupAttempt();
    const urls = callbackUrls(provider, returnUrl);
    const authClient = await loadAuthClient().catch(() => null);
    const { data, error } = authClient
      ? await authClient.signIn.social({
          provider,
          callbackURL: socialPopupUrl(attempt, urls.callbackURL),
          newUserCallbackURL: socialPopupUrl(attempt, urls.newUserCallbackURL),
          errorCallbackURL: socialPopupUrl(attempt, urls.errorCallbackURL),
          disableRedirect: true,
        })
      : { data: null, error: true };
    if (error || !data?.url) {
      popup.close();
      return false;
    }
    if (popup.closed) {
      // Closed before the provider's page even showed: the parent changed their mind.
      setPending(null);
      return true;
    }
    popup.location.replace(data.url);
    popup.focus();
    const outcome = await waitForSocialPopup(popup, attempt);
    // Closed without a word, the parent changed their mind: the buttons are theirs again.
    setPending(null);
    if (outcome.kind === "done") navigate(outcome.to);
    return true;
  }

  return (
    <>
      <div className={offered.length > 1 ? "grid grid-cols-2 gap-3" : "grid gap-3"}>
        {offered.map(({ id, label, Mark }) => (
          <Button
            key={id}
            variant="secondary"
            size="brand"
            block
            pending={pending === id}
            disabled={pending !== null && pending !== id}
            onClick={() => void signInWith(id, label)}
            onPointerEnter={prefetchAuthClient}
            onFocus={prefetchAuthClient}
          >
            {pending === id ? null : <Mark />}
            <span>
              <span className="sr-only">Continue with </span>
              {label}
            </span>
          </Button>
        ))}
      </div>
      <Divider>or with your e-mail</Divider>
    </>
  );
}
