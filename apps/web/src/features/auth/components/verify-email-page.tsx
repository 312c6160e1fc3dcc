import { useMutation } from "@tanstack/react-query";
import { authErrorCodes, verifyEmailEndpoint } from "@wonderkin/contract";
import { ArrowRight, CircleCheck, RefreshCw, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { TryAgainView } from "@/components/ui/try-again-view";
import { paths } from "@/config/paths";
import { useRefreshSession, useSession } from "@/entities/session/get-session";
import { ApiError, callApi } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { sendVerificationEmail } from "../api/send-verification-email";
import { LinkProblem } from "./link-problem";
import { WorkingView } from "./working-view";

/** How long the success message stays before a signed-in parent is taken on. */
const moveOnAfterMs = 1500;

function isLinkRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** /verify-email?token=…: the link in the confirmation e-mail lands here (public, spec §2). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const session = useSession();
  const refreshSession = useRefreshSession();
  const signedIn = Boolean(session.data);

  const verify = useMutation({
    mutationFn: (linkToken: string) => callApi(verifyEmailEndpoint, { token: linkToken }),
    onSettled: () => refreshSession({ fresh: true }).catch(() => undefined),
  });
  // One attempt per token, even when StrictMode runs effects twice: a second call would find the
  // token used and report a failure over the success.
  const attempted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);

  const alreadyVerified =
    verify.error instanceof ApiError && verify.error.code === authErrorCodes.alreadyVerified;
  const confirmed = verify.isSuccess || alreadyVerified;

  const secured = verify.data?.accountSecured === true;

  useEffect(() => {
    if (!confirmed || !signedIn || secured) return;
    const timer = window.setTimeout(() => navigate(paths.home, { replace: true }), moveOnAfterMs);
    return () => window.clearTimeout(timer);
  }, [confirmed, signedIn, secured, navigate]);

  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: (result) => toast.success(`We sent a new link to ${result.email}.`),
  });

  if (token && (verify.isIdle || verify.isPending)) {
    return <WorkingView title="Confirming your e-mail…" detail="This takes a moment." />;
  }

  // "This wasn't me" from a change-of-address notice: everyone, this browser included, is signed out.
  if (secured) {
    return (
      <div className="flex flex-col gap-7">
        <PageHeader
          icon={ShieldCheck}
          tone="success"
          focusOnMount
          title="Your account is safe again"
          description={
            <>
              It is back on <strong className="wrap-anywhere">{verify.data?.email}</strong>. We signed
              everyone out and switched the old password off. Open the e-mail we just sent to that address to
              choose a new password.
            </>
          }
        />
        <Button asChild size="lg" block>
          <Link to={paths.signIn} replace>
            Go to sign in <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    );
  }

  if (confirmed) {
    return (
      <div className="flex flex-col gap-7">
        <PageHeader
          icon={CircleCheck}
          tone="success"
          focusOnMount
          title={alreadyVerified ? "Already confirmed" : "E-mail confirmed"}
          description={
            signedIn
              ? "Thank you! Taking you to your studio…"
              : "Thank you! Sign in to open your family's magic studio."
          }
        />
        <Button asChild size="lg" block>
          <Link to={signedIn ? paths.home : paths.signIn} replace>
            {signedIn ? "Continue" : "Sign in"} <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    );
  }

  if (token && !isLinkRejected(verify.error)) {
    return (
      <TryAgainView
        title="We couldn't confirm your e-mail"
        error={verify.error}
        onRetry={() => verify.mutate(token)}
      />
    );
  }

  // No token, or the server refused it: expired or already used (VERIFICATION_LINK_INVALID).
  const sessionEmailVerified = session.data?.user.emailVerified === true;
  return (
    <LinkProblem
      title="This link no longer works"
      description="Confirmation links work once and only for a while. This one has expired or was already used."
    >
      {resend.isError ? (
        <Alert tone="danger">
          {errorMessage(resend.error, "We couldn't send the e-mail. Please try again.")}
        </Alert>
      ) : null}
      {resend.isSuccess ? (
        <Alert tone="success">
          We sent a new link to <strong className="wrap-anywhere">{resend.data.email}</strong>. Open it to
          confirm your e-mail.
        </Alert>
      ) : null}
      {signedIn && sessionEmailVerified ? (
        <Button asChild size="lg" block>
          <Link to={paths.home} replace>
            Your e-mail is confirmed: continue <ArrowRight aria-hidden />
          </Link>
        </Button>
      ) : signedIn ? (
        <Button size="lg" block pending={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? null : <RefreshCw aria-hidden />} Send a new link
        </Button>
      ) : (
        <>
          <Button asChild size="lg" block>
            <Link to={paths.signIn}>Sign in</Link>
          </Button>
          <p className="text-sm text-muted">Once signed in, you can ask for a new confirmation link.</p>
        </>
      )}
    </LinkProblem>
  );
}

export { VerifyEmailPage as Component };
