import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { authMessages, passwordSchema, sendPasswordResetEmailEndpoint } from "@wonderkin/contract";
import { ArrowLeft, ArrowRight, CircleCheck, KeyRound, MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { authClient } from "@/entities/session/auth-client";
import { ApiError, callApi } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { requiredEmailSchema } from "@/lib/form-schemas";
import { LinkProblem } from "./link-problem";

const requestFormSchema = z.object({ email: requiredEmailSchema });

const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "The passwords don't match.",
    path: ["confirmPassword"],
  });

/** Better Auth's answers for a reset token that is unknown, used or out of date. */
const rejectedTokenCodes = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

function RequestLinkForm() {
  const form = useForm({ resolver: zodResolver(requestFormSchema), defaultValues: { email: "" } });
  const request = useMutation({
    mutationFn: (email: string) => callApi(sendPasswordResetEmailEndpoint, { email }),
  });
  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email));

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-7">
        <PageHeader
          icon={MailCheck}
          tone="success"
          focusOnMount
          title="Check your inbox"
          description={
            <p>
              If an account exists for{" "}
              <strong className="font-semibold wrap-anywhere text-ink">{request.variables}</strong>, we sent
              it a link to choose a new password. It works once and expires soon.
            </p>
          }
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.signIn}>Back to sign-in</Link>
          </Button>
          <Button variant="secondary" onClick={() => request.reset()}>
            Use a different e-mail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={KeyRound}
        title="Forgot your password?"
        description="Enter your e-mail and we'll send you a link to choose a new one."
      />
      {request.isError ? (
        <Alert tone="danger">
          {request.error instanceof ApiError && request.error.status === 429
            ? authMessages.tooManyRequests
            : errorMessage(request.error, "We couldn't send the link. Please try again.")}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="E-mail" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Button type="submit" size="lg" block pending={request.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="text-center text-muted">
        Remembered it? <TextLink to={paths.signIn}>Sign in</TextLink>
      </p>
    </div>
  );
}

function ExpiredLink({ onRestart }: { onRestart: () => void }) {
  return (
    <LinkProblem
      title="This reset link no longer works"
      description="Reset links work once and only for a short while. This one has expired or was already used. Ask for a new one: it takes a minute."
    >
      <Button size="lg" block onClick={onRestart}>
        Send me a new link
      </Button>
    </LinkProblem>
  );
}

function NewPasswordForm({ token, onRestart }: { token: string; onRestart: () => void }) {
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<"changed" | "expired" | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    const { error } = await authClient.resetPassword({ newPassword, token });
    if (!error) return setOutcome("changed");
    if (error.code && rejectedTokenCodes.has(error.code)) return setOutcome("expired");
    setFailure(
      error.status === 429
        ? authMessages.tooManyRequests
        : (error.message ?? "We couldn't change your password. Please try again."),
    );
  });

  if (outcome === "expired") return <ExpiredLink onRestart={onRestart} />;
  if (outcome === "changed") {
    return (
      <div className="flex flex-col gap-7">
        <PageHeader
          icon={CircleCheck}
          tone="success"
          focusOnMount
          title="Password changed"
          description="Your new password is set. Sign in with it to get back to your studio."
        />
        <Button asChild size="lg" block>
          <Link to={paths.signIn} replace>
            Sign in <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={KeyRound}
        title="Choose a new password"
        description="Pick one you don't use anywhere else."
      />
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <NewPasswordFields register={form.register} errors={errors} />
        <Button type="submit" size="lg" block pending={isSubmitting}>
          Save new password
        </Button>
      </form>
      <p className="text-center text-muted">
        <TextLink to={paths.signIn}>
          <ArrowLeft aria-hidden className="mr-1 inline size-4 align-[-2px]" />
          Back to sign-in
        </TextLink>
      </p>
    </div>
  );
}

/**
 * /reset-password (public). Without a token: ask for a reset link. With `?token=` (from the e-mail):
 * choose the new password. Better Auth sends `?error=INVALID_TOKEN` when the link was refused.
 */
export function ResetPasswordPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  const error = params.get("error");
  const restart = () => setParams({}, { replace: true });

  if (error) return <ExpiredLink onRestart={restart} />;
  if (token) return <NewPasswordForm key={token} token={token} onRestart={restart} />;
  return <RequestLinkForm />;
}

export { ResetPasswordPage as Component };
