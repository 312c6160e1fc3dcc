import { useMutation } from "@tanstack/react-query";
import { authErrorCodes, verificationStatusEndpoint } from "@wonderkin/contract";
import { CircleCheck, MailOpen, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useRefreshSession, useSession } from "@/entities/session/get-session";
import { signOut } from "@/entities/session/sign-out";
import { ApiError, callApi } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { sendVerificationEmail } from "../api/send-verification-email";

type Status = { tone: "danger" | "warning" | "info"; text: string };

/** /verify: a signed-in parent whose e-mail is not confirmed yet waits here (spec §2). */
export function VerifyPage() {
  const session = useSession();
  const refreshSession = useRefreshSession();
  const email = session.data?.user.email;
  const [status, setStatus] = useState<Status | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onMutate: () => setStatus(null),
    onSuccess: (result) => toast.success(`We sent a new link to ${result.email}.`),
    onError: async (error) => {
      if (error instanceof ApiError && error.code === authErrorCodes.alreadyVerified) {
        await refreshSession({ fresh: true });
        return;
      }
      setStatus({
        tone: "danger",
        text: errorMessage(error, "We couldn't send the e-mail. Please try again."),
      });
    },
  });

  // Spec §4: the verification status is refreshed on demand, after forcing a fresh session.
  const check = useMutation({
    mutationFn: async () => {
      const fresh = await refreshSession({ fresh: true });
      if (fresh?.user.emailVerified) return true;
      const { emailVerified } = await callApi(verificationStatusEndpoint, {});
      if (emailVerified) await refreshSession({ fresh: true });
      return emailVerified;
    },
    onMutate: () => setStatus(null),
    // When verified, the refreshed session moves the guard on by itself.
    onSuccess: (verified) => {
      if (!verified) {
        setStatus({
          tone: "warning",
          text: "Not confirmed yet. Open the link in the e-mail we sent you, then come back and try again.",
        });
      }
    },
    onError: (error) =>
      setStatus({
        tone: "danger",
        text: errorMessage(error, "We couldn't check right now. Please try again."),
      }),
  });

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={MailOpen}
        tone="accent"
        title="Confirm your e-mail"
        description={
          <p>
            We sent a confirmation link to{" "}
            {email ? (
              <strong className="font-semibold wrap-anywhere text-ink">{email}</strong>
            ) : (
              "your e-mail address"
            )}
            . Click it to confirm it's you, and your studio opens.
          </p>
        }
      />

      {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}

      <div className="flex flex-col gap-3">
        <Button size="lg" block pending={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? null : <CircleCheck aria-hidden />} I've verified
        </Button>
        <Button variant="secondary" block pending={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? null : <RefreshCw aria-hidden />} Resend e-mail
        </Button>
      </div>

      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-muted marker:text-primary-400">
        <li>It can take a minute to arrive. Have a look in your spam or promotions folder too.</li>
        <li>Links expire after a while. If yours has, send a new one.</li>
      </ul>

      <p className="text-sm text-muted">
        Wrong address, or not you?{" "}
        <button
          type="button"
          className="rounded-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          {signingOut ? "Signing out…" : "Sign out"}
        </button>
      </p>
    </div>
  );
}

export { VerifyPage as Component };
