import { zodResolver } from "@hookform/resolvers/zod";
import { authErrorCodes, authMessages, passwordSchema, type UserRecord } from "@wonderkin/contract";
import {
  BadgeCheck,
  ChevronRight,
  KeyRound,
  type LucideIcon,
  MailWarning,
  RefreshCw,
  Users,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { IconBadge } from "@/components/ui/icon-badge";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { requiredEmailSchema } from "@/lib/form-schemas";
import { useChangeEmail } from "../api/change-email";
import { EmailPreferencesCard } from "./email-preferences-card";
import { ProfileCard } from "./profile-card";
import { YourDataCard } from "./your-data-card";

function EmailCard({ user }: { user: UserRecord }) {
  const change = useChangeEmail();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = z.object({
    newEmail: requiredEmailSchema.refine(
      (email) => email !== user.email.toLowerCase(),
      "That's already your e-mail.",
    ),
    currentPassword: passwordSchema,
  });
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: "", currentPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (error instanceof ApiError && error.code === authErrorCodes.wrongPassword) {
          form.setError(
            "currentPassword",
            { message: "That's not your current password." },
            { shouldFocus: true },
          );
        } else if (error instanceof ApiError && error.code === authErrorCodes.emailInUse) {
          form.setError(
            "newEmail",
            { message: "Another account already uses this e-mail." },
            { shouldFocus: true },
          );
        } else if (error instanceof ApiError && error.status === 429) {
          setFailure(authMessages.tooManyRequests);
        } else {
          setFailure(errorMessage(error, "We couldn't start the change. Please try again."));
        }
      },
    });
  });

  return (
    <Card>
      <CardTitle size="md">E-mail address</CardTitle>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold wrap-anywhere">{user.email}</span>
        {user.emailVerified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-700">
            <BadgeCheck className="size-3.5" aria-hidden /> Confirmed
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-warning-50 px-2.5 py-0.5 text-xs font-semibold text-warning-700">
            <MailWarning className="size-3.5" aria-hidden /> Not confirmed
          </span>
        )}
      </div>

      {change.isSuccess ? (
        <Alert tone="success" className="mt-5">
          We sent a link to <strong className="wrap-anywhere">{change.data.email}</strong>. Your e-mail
          changes when you click it; until then, keep signing in with {user.email}.
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="danger" className="mt-5">
          {failure}
        </Alert>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
        <Field label="New e-mail" error={errors.newEmail?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("newEmail")} />
        </Field>
        <Field label="Current password" hint="To make sure it's you." error={errors.currentPassword?.message}>
          <PasswordInput autoComplete="current-password" {...form.register("currentPassword")} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" pending={change.isPending}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LinkCard({ to, icon, title, text }: { to: string; icon: LucideIcon; title: string; text: string }) {
  return (
    <Card padding="none">
      <Link
        to={to}
        className="flex items-center gap-4 rounded-(--radius-card) p-6 transition-colors hover:bg-primary-50/60 sm:p-8"
      >
        <IconBadge icon={icon} size="md" />
        <span className="min-w-0 flex-1">
          <span className="block font-display text-xl font-semibold">{title}</span>
          <span className="mt-0.5 block text-muted">{text}</span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
      </Link>
    </Card>
  );
}

/**
 * A link to a section (`#your-data`, from the privacy policy and the export e-mail) scrolls to it
 * once the account has loaded: the section is not on the page before that.
 */
function useScrollToSection(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" });
  }, [loaded, hash]);
}

/**
 * /account/settings: name, picture, e-mail, the way to a new password, the e-mails the parent gets,
 * and their data.
 */
export function AccountSettingsPage() {
  const session = useSession();
  const user = useUser(session.data?.user.id);
  useScrollToSection(Boolean(user.data));

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader
        title="Account settings"
        description="Your name, picture, how you sign in, the e-mails you get, and your data."
      />
      {user.data ? (
        <>
          <ProfileCard user={user.data} />
          <EmailCard user={user.data} />
          <LinkCard
            to={paths.familySettings}
            icon={Users}
            title="Your family"
            text="Who's in it, their roles, and inviting someone new."
          />
          <LinkCard
            to={paths.changePassword}
            icon={KeyRound}
            title="Change password"
            text="Choose a new one and sign out your other devices."
          />
          <EmailPreferencesCard userId={user.data.betterAuthUid} />
          <YourDataCard user={user.data} />
        </>
      ) : user.isError ? (
        <Alert tone="danger">
          <p>{errorMessage(user.error, "We couldn't load your account.")}</p>
          <Button variant="link" className="mt-1" onClick={() => void user.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Alert>
      ) : (
        <Card className="grid min-h-48 place-items-center">
          <Spinner label="Loading your account" />
        </Card>
      )}
    </section>
  );
}

export { AccountSettingsPage as Component };
