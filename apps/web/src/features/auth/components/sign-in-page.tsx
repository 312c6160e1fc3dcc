import { useQuery } from "@tanstack/react-query";
import { authErrorCodes, authMessages, checkEmail } from "@wonderkin/contract/rules";
import { ArrowLeft, Mail, MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useCheckedForm } from "@/components/forms/use-checked-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useRefreshSession } from "@/entities/session/get-session";
import { loadAuthClient } from "@/entities/session/load-auth-client";
import { storeEmailForSignIn } from "@/entities/session/session-storage";
import { takeSignOutNotice } from "@/entities/session/sign-out";
import { checkEnteredPassword, checkRequiredEmail } from "@/lib/form-rules";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { toast } from "@/lib/toast";
import {
  isAccountExistsError,
  needsSignInMethods,
  signInErrorMessage,
  socialSignInErrorMessage,
} from "../lib/sign-in-error-message";
import { readSignInLocationState } from "../lib/sign-in-location-state";
import { isThrottledSignIn, readRetryAfterSeconds } from "../lib/throttled-sign-in";
import { withReturnUrl } from "../lib/with-return-url";
import { SocialSignInButtons } from "./social-sign-in-buttons";

/**
 * The sign-in-methods lookup (a contract endpoint, with zod) loads only when a failure needs it, so
 * the page's first load does without zod (decision 0036).
 */
const getSignInMethods = (email: string) =>
  import("../api/get-sign-in-methods").then((api) => api.getSignInMethods(email));

/** The message after a failed Google or Facebook sign-in (`/sign-in?error=…&email=…`), if any. */
function useSocialErrorMessage(error: string | null, email: string | null): string | null {
  const parsedEmail = checkEmail(email ?? "");
  const validEmail = parsedEmail.ok ? parsedEmail.value : undefined;
  const lookUp = error !== null && isAccountExistsError(error) && validEmail !== undefined;
  const methods = useQuery({
    queryKey: ["sign-in-methods", validEmail],
    queryFn: () => getSignInMethods(validEmail ?? ""),
    enabled: lookUp,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (error === null) return null;
  if (lookUp && methods.isPending) return null;
  return socialSignInErrorMessage(error, methods.data);
}

/** The e-mail limits' refusals carry their own words (decision 0042); other refusals get ours. */
const emailLimitCodes: ReadonlySet<string> = new Set([
  authErrorCodes.emailAddressRateLimited,
  authErrorCodes.emailClientRateLimited,
]);

function signInLinkFailureMessage(error: { status?: number; code?: string; message?: string }): string {
  if (error.code && emailLimitCodes.has(error.code) && error.message) return error.message;
  if (error.status === 429) return authMessages.tooManyRequests;
  return "We couldn't send the sign-in link. Please try again in a moment.";
}

/** The auth client loads once the parent starts on the form, so it is there by the time they submit. */
const prefetchAuthClient = () => void loadAuthClient().catch(() => undefined);

function SignInForm() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const handedOver = readSignInLocationState(location.state);

  const [failure, setFailure] = useState<string | null>(null);
  // A throttled password sign-in offers the e-mail link beside its message (decision 0054).
  const [offerLink, setOfferLink] = useState(false);
  const [linkPending, setLinkPending] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  // The message of a failed Google or Facebook sign-in stays until the next attempt.
  const [socialErrorDismissed, setSocialErrorDismissed] = useState(false);
  const socialError = useSocialErrorMessage(
    socialErrorDismissed ? null : params.get("error"),
    params.get("email"),
  );
  const startAttempt = () => {
    setFailure(null);
    setOfferLink(false);
    setSocialErrorDismissed(true);
  };

  const form = useCheckedForm({
    defaultValues: { email: handedOver.email ?? params.get("email") ?? "", password: "" },
    checks: { email: checkRequiredEmail, password: checkEnteredPassword },
  });
  const { errors, isSubmitting } = form;

  useEffect(() => {
    // A sign-out left a message: one the app had to make (e.g. no server record for the account),
    // or the end of a deleted account.
    const notice = takeSignOutNotice();
    if (notice) toast[notice.tone](notice.message, { id: notice.message });
  }, []);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    startAttempt();
    // The auth client throws (rather than answering) when the request never reached the server.
    const { error } = await loadAuthClient()
      .then((authClient) => authClient.signIn.email({ email, password }))
      .catch(() => ({ error: { status: 0, code: "NETWORK_ERROR" } }));
    if (error) {
      const failed = {
        status: error.status,
        code: error.code,
        retryAfterSeconds: readRetryAfterSeconds(error),
      };
      const methods = needsSignInMethods(failed)
        ? await getSignInMethods(email).catch(() => undefined)
        : undefined;
      setFailure(signInErrorMessage(failed, methods));
      setOfferLink(isThrottledSignIn(failed));
      return;
    }
    await refreshSession().catch(() => undefined);
    navigate(returnUrl ?? paths.home, { replace: true });
  });

  async function sendSignInLink() {
    const parsed = checkRequiredEmail(form.getValue("email"));
    if (!parsed.ok) {
      startAttempt();
      form.setError("email", parsed.message);
      form.focus("email");
      return;
    }
    form.clearErrors();
    setLinkPending(true);
    const { error } = await loadAuthClient()
      .then((authClient) => authClient.signIn.magicLink({ email: parsed.value }))
      .catch(() => ({ error: { status: 0, code: "NETWORK_ERROR" } }));
    setLinkPending(false);
    // The previous message (a throttled sign-in offering this link) stays until the answer is in.
    startAttempt();
    if (error) {
      setFailure(signInLinkFailureMessage(error));
      return;
    }
    storeEmailForSignIn(parsed.value);
    setLinkSentTo(parsed.value);
  }

  if (linkSentTo) {
    return (
      <div className="flex flex-col gap-8">
        <PageHeader
          icon={MailCheck}
          tone="success"
          focusOnMount
          title="Check your inbox"
          description={
            <p>
              We sent a sign-in link to <strong className="font-semibold text-ink">{linkSentTo}</strong>. Open
              it on this device and you'll be signed in. It works once and expires soon.
            </p>
          }
        />
        <Alert tone="info">Nothing there? Check your spam folder, or send the link again in a minute.</Alert>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => setLinkSentTo(null)}>
            <ArrowLeft aria-hidden /> Use a different e-mail
          </Button>
          <Button variant="ghost" pending={linkPending} onClick={() => void sendSignInLink()}>
            Send it again
          </Button>
        </div>
      </div>
    );
  }

  const message = failure ?? socialError;

  return (
    <div className="flex flex-col gap-7">
      <PageHeader title="Welcome back" description="Sign in to your family's magic studio." />

      {handedOver.notice && !message ? <Alert tone="info">{handedOver.notice}</Alert> : null}
      {message ? (
        <Alert tone="danger">
          <p>{message}</p>
          {offerLink && failure ? (
            <Button
              variant="secondary"
              size="sm"
              wrap
              className="mt-3"
              pending={linkPending}
              disabled={isSubmitting}
              onClick={() => void sendSignInLink()}
            >
              {linkPending ? null : <Mail aria-hidden />} Send me a sign-in link
            </Button>
          ) : null}
        </Alert>
      ) : null}

      <SocialSignInButtons returnUrl={returnUrl} onError={setFailure} onStart={startAttempt} />

      <form noValidate onSubmit={onSubmit} onFocus={prefetchAuthClient} className="flex flex-col gap-5">
        <Field label="E-mail" error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Field
          label="Password"
          error={errors.password}
          labelAside={<TextLink to={paths.resetPassword}>Forgot password?</TextLink>}
        >
          <PasswordInput autoComplete="current-password" {...form.register("password")} />
        </Field>
        <Button type="submit" size="lg" block pending={isSubmitting} disabled={linkPending}>
          Sign in
        </Button>
      </form>

      <Button
        variant="secondary"
        block
        pending={linkPending}
        disabled={isSubmitting}
        onClick={() => void sendSignInLink()}
      >
        {linkPending ? null : <Mail aria-hidden />} E-mail me a sign-in link
      </Button>

      <p className="text-center text-muted">
        New to the studio? <TextLink to={withReturnUrl(paths.signUp, returnUrl)}>Create an account</TextLink>
      </p>
    </div>
  );
}

/**
 * /sign-in. Each arrival is a fresh page, even from /sign-in itself: a Google or Facebook sign-in in
 * a popup that failed comes back here with its `error` (and `email`) without a page load, and must
 * show them as the full-page redirect would.
 */
export function SignInPage() {
  return <SignInForm key={useLocation().key} />;
}

export { SignInPage as Component };
