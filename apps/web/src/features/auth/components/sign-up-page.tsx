import { zodResolver } from "@hookform/resolvers/zod";
import {
  authErrorCodes,
  authMessages,
  createUserEndpoint,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  personNameSchema,
} from "@wonderkin/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink, textLinkClass } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useRefreshSession } from "@/entities/session/get-session";
import { loadAuthClient } from "@/entities/session/load-auth-client";
import { ApiError, callApi } from "@/lib/api-client";
import { requiredEmailSchema } from "@/lib/form-schemas";
import { safeReturnUrl } from "@/lib/safe-return-url";
import type { SignInLocationState } from "../lib/sign-in-location-state";
import { refusedSignUpMessage, signUpErrorMessage } from "../lib/sign-up-error-message";
import { withReturnUrl } from "../lib/with-return-url";
import { SocialSignInButtons } from "./social-sign-in-buttons";

const signUpFormSchema = z.object({
  firstName: personNameSchema,
  email: requiredEmailSchema,
  password: passwordSchema,
});

/** The auth client loads once the parent starts on the form, so it is there by the time they submit. */
const prefetchAuthClient = () => void loadAuthClient().catch(() => undefined);

export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    // An invitation link passes the invited address, so the account is made for the right one.
    defaultValues: { firstName: "", email: params.get("email")?.trim().slice(0, 254) ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const goToSignIn = (state: SignInLocationState) =>
    navigate(withReturnUrl(paths.signIn, returnUrl), { state, replace: true });

  const onSubmit = form.handleSubmit(async ({ firstName, email, password }) => {
    setFailure(null);
    try {
      const result = await callApi(createUserEndpoint, { firstName, email, password });
      if (!result.success) {
        setFailure(refusedSignUpMessage(result.message));
        return;
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === authErrorCodes.emailInUse) {
        goToSignIn({ email, notice: authMessages.emailInUse });
        return;
      }
      setFailure(signUpErrorMessage(error));
      return;
    }

    // Spec §4: the account exists; sign in with it and go on to verify the e-mail.
    const authClient = await loadAuthClient();
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      goToSignIn({ email, notice: "Your account is ready. Please sign in to continue." });
      return;
    }
    await refreshSession().catch(() => undefined);
    navigate(paths.verify, { replace: true });
  });

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        title="Create your account"
        description="A few photos today, a gallery of magical portraits tomorrow."
      />

      {failure ? <Alert tone="danger">{failure}</Alert> : null}

      <SocialSignInButtons returnUrl={returnUrl} onError={setFailure} onStart={() => setFailure(null)} />

      <form noValidate onSubmit={onSubmit} onFocus={prefetchAuthClient} className="flex flex-col gap-5">
        <Field label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </Field>
        <Field label="E-mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Field
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Button type="submit" size="lg" block pending={isSubmitting}>
          Create account
        </Button>
        <p className="text-center text-sm text-muted">
          By creating an account you agree to how we handle your family's data, explained in our{" "}
          <a className={textLinkClass} href={paths.privacyPolicy} target="_blank" rel="noreferrer">
            privacy policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </form>

      <p className="text-center text-muted">
        Already have an account? <TextLink to={withReturnUrl(paths.signIn, returnUrl)}>Sign in</TextLink>
      </p>
    </div>
  );
}

export { SignUpPage as Component };
