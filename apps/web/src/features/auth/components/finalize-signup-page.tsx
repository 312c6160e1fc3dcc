import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { authMessages, completeEmailLinkEndpoint } from "@wonderkin/contract";
import { MailQuestion } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { TryAgainView } from "@/components/ui/try-again-view";
import { paths } from "@/config/paths";
import { useRefreshSession } from "@/entities/session/get-session";
import {
  forgetEmailForSignIn,
  readEmailForSignIn,
  storeSessionToken,
} from "@/entities/session/session-storage";

import { ApiError, callApi } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { requiredEmailSchema } from "@/lib/form-schemas";
import { LinkProblem } from "./link-problem";
import { WorkingView } from "./working-view";

const emailFormSchema = z.object({ email: requiredEmailSchema });

/** The server refused the link (spec §5 'Invalid sign-in link'): wrong address, expired, or used. */
function isLinkRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function InvalidLink() {
  return (
    <LinkProblem
      title={authMessages.invalidSignInLink}
      description="Sign-in links work once, for a short while, and only with the address they were sent to. Ask for a new one on the sign-in page."
    >
      <Button asChild size="lg" block>
        <Link to={paths.signIn} replace>
          Back to sign-in
        </Link>
      </Button>
    </LinkProblem>
  );
}

/** /finalize-signup?token=…: the e-mail sign-in link lands here (public, spec §2 and §5). */
export function FinalizeSignupPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  // Read once: the link may be opened in another browser, where the address was never stored.
  const [storedEmail] = useState(readEmailForSignIn);

  const complete = useMutation({
    mutationFn: (input: { email: string; token: string }) => callApi(completeEmailLinkEndpoint, input),
    onSuccess: async (result) => {
      storeSessionToken(result.token);
      forgetEmailForSignIn();
      await refreshSession().catch(() => undefined);
      navigate(paths.home, { replace: true });
    },
  });

  const attempted = useRef(false);
  useEffect(() => {
    if (!token || !storedEmail || attempted.current) return;
    attempted.current = true;
    complete.mutate({ email: storedEmail, token });
  }, [token, storedEmail, complete.mutate]);

  const form = useForm({ resolver: zodResolver(emailFormSchema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(({ email }) => {
    if (token) complete.mutate({ email, token });
  });

  if (!token || isLinkRejected(complete.error)) return <InvalidLink />;

  if (complete.isPending || complete.isSuccess || (storedEmail && complete.isIdle)) {
    return <WorkingView title="Signing you in…" detail="Checking your sign-in link." />;
  }

  if (complete.isError && storedEmail) {
    return (
      <TryAgainView
        title="We couldn't sign you in"
        error={complete.error}
        onRetry={() => complete.mutate({ email: storedEmail, token })}
      />
    );
  }

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={MailQuestion}
        title="Confirm your e-mail"
        description="For your security, enter the e-mail address this sign-in link was sent to."
      />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {complete.isError ? (
          <Alert tone="danger">
            {errorMessage(complete.error, "Something went wrong on our side. Please try again.")}
          </Alert>
        ) : null}
        <Field label="E-mail" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus {...form.register("email")} />
        </Field>
        <Button type="submit" size="lg" block pending={complete.isPending}>
          Sign in
        </Button>
      </form>
    </div>
  );
}

export { FinalizeSignupPage as Component };
