import {
  authErrorCodes,
  authMessages,
  checkPassword,
  checkPersonName,
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@wonderkin/contract/rules";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCheckedForm } from "@/components/forms/use-checked-form";
import { SiteFooter } from "@/components/layout/auth-layout";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Logo } from "@/components/ui/logo";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink, textLinkClass } from "@/components/ui/text-link";
import { appName } from "@/config/app";
import { paths } from "@/config/paths";
import { useRefreshSession } from "@/entities/session/get-session";
import { loadAuthClient } from "@/entities/session/load-auth-client";
import { ApiError } from "@/lib/api-error";
import { checkRequiredEmail } from "@/lib/form-rules";
import { usePublicConfig } from "@/lib/public-config";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { landingFaq, landingSamples } from "../lib/landing-content";
import type { SignInLocationState } from "../lib/sign-in-location-state";
import { refusedSignUpMessage, signUpErrorMessage } from "../lib/sign-up-error-message";
import { withReturnUrl } from "../lib/with-return-url";
import {
  Faq,
  HowItWorks,
  PlansInBrief,
  PrivacyPromise,
  SamplePortrait,
  SamplePortraits,
} from "./landing-sections";
import { SocialSignInButtons } from "./social-sign-in-buttons";

/**
 * The account is created through a contract endpoint (zod), loaded with the auth client once the
 * parent starts on the form, so both are there by the time they submit and the landing page's first
 * load does without them (decision 0036).
 */
const loadCreateUser = () => import("../api/create-user");
const prefetchSubmit = () => {
  void loadAuthClient().catch(() => undefined);
  void loadCreateUser().catch(() => undefined);
};

/**
 * The sign-up page is the landing (spec §2: `/` sends a signed-out visitor here): the form first on
 * a phone and beside the story on a desktop, then how it works, sample portraits, the plans, the
 * privacy promise and a FAQ.
 */
export function SignUpPage() {
  const config = usePublicConfig().data;
  const trainingPhotosDays = config?.retention.trainingPhotosDays ?? null;
  const faq = landingFaq({
    appName: appName,
    trainingPhotosDays,
    photos: config ? { min: config.photos.min, max: config.photos.max } : null,
  });
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-5 py-5 sm:px-10">
        <Logo />
        <TextLink to={paths.signIn}>Sign in</TextLink>
      </header>
      <main>
        <div className="mx-auto grid max-w-6xl gap-10 px-5 pb-12 sm:px-10 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:items-center lg:gap-14 lg:pt-6">
          <section
            aria-label="Create your account"
            className="rounded-card bg-surface p-6 shadow-lift ring-1 ring-line sm:p-8 lg:col-start-2 lg:row-start-1"
          >
            <SignUpForm />
          </section>
          <Story />
        </div>
        <HowItWorks />
        <SamplePortraits />
        <PlansInBrief />
        <PrivacyPromise trainingPhotosDays={trainingPhotosDays} />
        <Faq items={faq} />
      </main>
      <div className="mx-auto max-w-6xl px-5 pb-8 sm:px-10">
        <SiteFooter />
      </div>
    </div>
  );
}

/** The promise beside the form: what the product makes, with three of its styles. */
function Story() {
  const [first, second, third] = landingSamples;
  return (
    <div className="lg:col-start-1 lg:row-start-1">
      <p className="text-sm font-bold tracking-wide text-primary-700 uppercase">
        A magic studio for your child
      </p>
      <p className="mt-3 font-display text-4xl leading-tight text-ink sm:text-5xl">
        Turn a few photos into portraits your child will treasure.
      </p>
      <p className="mt-4 max-w-xl text-lg text-muted">
        Astronaut, fairy, pirate or viking: a private model learns your child's face, then paints them into
        the styles you choose.
      </p>
      <div aria-hidden className="mt-8 flex max-w-lg items-end gap-3 sm:gap-4">
        {second ? <SamplePortrait sample={second} className="w-1/3 -rotate-3" /> : null}
        {first ? <SamplePortrait sample={first} className="w-[38%] -translate-y-3" /> : null}
        {third ? <SamplePortrait sample={third} className="w-1/3 rotate-3" /> : null}
      </div>
    </div>
  );
}

function SignUpForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const [failure, setFailure] = useState<string | null>(null);

  const form = useCheckedForm({
    // An invitation link passes the invited address, so the account is made for the right one.
    defaultValues: {
      firstName: "",
      email: params.get("email")?.trim().slice(0, EMAIL_MAX_LENGTH) ?? "",
      password: "",
    },
    checks: { firstName: checkPersonName, email: checkRequiredEmail, password: checkPassword },
  });
  const { errors, isSubmitting } = form;

  const goToSignIn = (state: SignInLocationState) =>
    navigate(withReturnUrl(paths.signIn, returnUrl), { state, replace: true });

  const onSubmit = form.handleSubmit(async ({ firstName, email, password }) => {
    setFailure(null);
    try {
      const { createUser } = await loadCreateUser();
      const result = await createUser({ firstName, email, password });
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
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Create your account"
        description="A few photos today, a gallery of magical portraits tomorrow."
      />

      {failure ? <Alert tone="danger">{failure}</Alert> : null}

      <SocialSignInButtons returnUrl={returnUrl} onError={setFailure} onStart={() => setFailure(null)} />

      <form noValidate onSubmit={onSubmit} onFocus={prefetchSubmit} className="flex flex-col gap-5">
        <Field label="First name" error={errors.firstName}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </Field>
        <Field label="E-mail" error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </Field>
        <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.password}>
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
