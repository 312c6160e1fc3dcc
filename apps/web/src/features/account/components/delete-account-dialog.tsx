import { REAUTH_WINDOW_MINUTES, type UserRecord } from "@wonderkin/contract";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useCurrentFamily } from "@/entities/session/current-family";
import { expectSessionToEnd } from "@/entities/session/session-ended";
import { signOut } from "@/entities/session/sign-out";
import { forgetSignedInBefore } from "@/entities/session/signed-in-before";
import { sameConfirmation } from "@/lib/confirmation";
import { useDeleteAccount } from "../api/delete-account";
import { useHasPassword } from "../api/sign-in-accounts";
import { type DeleteAccountFailure, deleteAccountFailure, familiesOnDeletion } from "../lib/account-deletion";

/** Where sign-in leads back to when deleting needs a fresh sign-in. */
export const yourDataPath = `${paths.accountSettings}#your-data`;

export const accountDeletedNotice = "Your account has been deleted.";

function NamesList({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 ? (index === names.length - 1 ? " and " : ", ") : null}
          <strong className="font-semibold wrap-anywhere">{name}</strong>
        </span>
      ))}
    </>
  );
}

/** What goes and what stays, in the parent's own families' names when they are known. */
function Consequences() {
  const { families } = useCurrentFamily();
  const { deleted, kept } = familiesOnDeletion(families);
  return (
    <div className="rounded-2xl bg-danger-50 p-4 text-sm text-danger-700">
      <p className="font-semibold">What happens:</p>
      <ul className="mt-1.5 flex list-disc flex-col gap-1 pl-5">
        <li>
          {deleted.length > 0 ? (
            <>
              <NamesList names={deleted.map((family) => family.name)} />, with only you in{" "}
              {deleted.length === 1 ? "it, is" : "them, are"} deleted with every child in{" "}
              {deleted.length === 1 ? "it" : "them"} and their photos, portraits and trained models, at the
              image-model provider too.
            </>
          ) : (
            "Families only you are in are deleted with every child in them and their photos, portraits and trained models, at the image-model provider too."
          )}
        </li>
        <li>
          {kept.length > 0 ? (
            <>
              You leave <NamesList names={kept.map((family) => family.name)} />, which{" "}
              {kept.length === 1 ? "stays" : "stay"} with the other members.
            </>
          ) : (
            "Families you share stay with their other members."
          )}{" "}
          If you're the only owner, an admin (or else the longest-standing member) becomes owner.
        </li>
        <li>
          Your credits, consents and analytics data are deleted, any plan is cancelled now, and you're signed
          out everywhere.
        </li>
        <li>Payment records are kept as tax law requires, without anything about your children.</li>
      </ul>
    </div>
  );
}

/**
 * Deleting the account: says what happens, asks for the e-mail address and the password (or, for
 * an account without one, a recent sign-in), then signs out to the sign-in page, which says it's done.
 */
export function DeleteAccountDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount();
  const passwordQuery = useHasPassword(user.betterAuthUid, open);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<DeleteAccountFailure | null>(null);
  const [leaving, setLeaving] = useState(false);

  // Unknown when the lookup failed: the field is offered, and may be left empty.
  const hasPassword = passwordQuery.data;
  const passwordNeeded = hasPassword === true;
  const ready =
    sameConfirmation(email, user.email) &&
    !passwordQuery.isPending &&
    (!passwordNeeded || password.length > 0);
  const fieldError = (field: "confirmEmail" | "password") =>
    failure?.kind === "field" && failure.field === field ? failure.message : undefined;

  const reset = () => {
    remove.reset();
    setEmail("");
    setPassword("");
    setFailure(null);
  };

  const submit = () => {
    setFailure(null);
    expectSessionToEnd();
    remove.mutate(
      { confirmEmail: email, ...(password ? { password } : {}) },
      {
        onSuccess: () => {
          // The account and every session are gone: sign-out forgets this browser's token and
          // lands on sign-in, which says so.
          setLeaving(true);
          // No account is left to sign in to: the next visit is a new visitor's (decision 0054).
          forgetSignedInBefore();
          void signOut({ notice: { message: accountDeletedNotice, tone: "success" } });
        },
        onError: (error) => {
          expectSessionToEnd(false);
          setFailure(deleteAccountFailure(error, { hasPassword: hasPassword ?? password !== "" }));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (leaving) return;
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="This cannot be undone. Take a copy of your data first if you want to keep anything."
      confirmLabel="Delete my account forever"
      pending={remove.isPending || leaving}
      confirmDisabled={!ready}
      error={failure?.kind === "general" ? failure.message : null}
      onConfirm={submit}
    >
      <Consequences />
      <Field label={`Type “${user.email}” to confirm`} error={fieldError("confirmEmail")}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (failure?.kind === "field" && failure.field === "confirmEmail") setFailure(null);
          }}
        />
      </Field>
      {passwordQuery.isPending ? (
        <div className="grid min-h-16 place-items-center">
          <Spinner label="Checking how you sign in" />
        </div>
      ) : hasPassword === false ? (
        <Alert tone="info">
          Your account has no password, so we check it's you by when you last signed in: if that was more than{" "}
          {REAUTH_WINDOW_MINUTES} minutes ago, we'll ask you to sign in again first.
        </Alert>
      ) : (
        <Field
          label="Your password"
          optional={!passwordNeeded}
          hint={
            passwordNeeded ? "To make sure it's you." : "Leave it empty if you sign in without a password."
          }
          error={fieldError("password")}
        >
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (failure?.kind === "field" && failure.field === "password") setFailure(null);
            }}
          />
        </Field>
      )}
      {failure?.kind === "sign-in-again" ? (
        <Alert tone="warning">
          <p>{failure.message}</p>
          <Button
            variant="link-warning"
            className="mt-1"
            onClick={() =>
              void signOut({
                returnUrl: yourDataPath,
                notice: {
                  message: `Sign in again, then delete your account within ${REAUTH_WINDOW_MINUTES} minutes.`,
                  tone: "info",
                },
              })
            }
          >
            <LogIn aria-hidden /> Sign out and sign in again
          </Button>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
