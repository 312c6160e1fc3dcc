import { zodResolver } from "@hookform/resolvers/zod";
import { authMessages, passwordSchema } from "@wonderkin/contract";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { NewPasswordFields } from "@/components/forms/new-password-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useRefreshSession } from "@/entities/session/get-session";
import { enteredPasswordSchema } from "@/lib/form-schemas";
import { changePassword } from "../api/change-password";

const changePasswordFormSchema = z
  .object({
    currentPassword: enteredPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "The passwords don't match.",
    path: ["confirmPassword"],
  })
  .refine((values) => values.newPassword !== values.currentPassword, {
    message: "Choose a password different from your current one.",
    path: ["newPassword"],
  });

type Outcome = { tone: "success" | "danger"; text: React.ReactNode };

/** /account/change-password: a new password, and every other device signed out. */
export function ChangePasswordPage() {
  const refreshSession = useRefreshSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    const result = await changePassword({ currentPassword, newPassword });
    if (result.ok) {
      form.reset();
      await refreshSession().catch(() => undefined);
      setOutcome({
        tone: "success",
        text: "Your password is changed. Other devices were signed out; this one stays signed in.",
      });
      return;
    }
    switch (result.reason) {
      case "wrong-password":
        form.setError(
          "currentPassword",
          { message: "That's not your current password." },
          { shouldFocus: true },
        );
        return;
      case "no-password":
        setOutcome({
          tone: "danger",
          text: (
            <>
              Your account signs in with Google, Facebook or an e-mail link, so it has no password yet. To add
              one, <TextLink to={paths.resetPassword}>ask for a password link</TextLink>.
            </>
          ),
        });
        return;
      case "too-many":
        setOutcome({ tone: "danger", text: authMessages.tooManyRequests });
        return;
      default:
        setOutcome({
          tone: "danger",
          text: result.message ?? "We couldn't change your password. Please try again.",
        });
    }
  });

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6">
      <TextLink to={paths.accountSettings} className="inline-flex w-fit items-center gap-1.5 text-sm">
        <ArrowLeft className="size-4" aria-hidden /> Account settings
      </TextLink>
      <PageHeader
        title="Change password"
        description="Once it's changed, every other device signed in to your account is signed out."
      />
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <Field label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register("currentPassword")} />
          </Field>
          <NewPasswordFields register={form.register} errors={errors} />
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
            <TextLink to={paths.resetPassword} className="text-sm">
              Forgot your current password?
            </TextLink>
            <Button type="submit" pending={isSubmitting}>
              Change password
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}

export { ChangePasswordPage as Component };
