import {
  emailPreferenceErrorCodes,
  emailPreferenceMessages,
  type OptionalEmailKind,
} from "@wonderkin/contract";
import { commonErrorCodes } from "@wonderkin/contract/rules";
import { BellRing, CircleCheck, LinkIcon, MailX } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import {
  isWellFormedUnsubscribeToken,
  type UnsubscribeOutcome,
  useChangeSubscriptionByLink,
} from "../api/email-preferences";
import { emailPreferencesSectionId } from "./email-preferences-card";

/** How the page names each kind of e-mail a link can turn off, in a sentence. */
const kindNames: Record<OptionalEmailKind, string> = { "series-reminders": "yearly portrait reminders" };

const preferencesInAccount = `${paths.accountSettings}#${emailPreferencesSectionId}`;

/** The way to the account's e-mail settings: straight there when signed in, through sign-in when not. */
function AccountSettingsLink({ prominent }: { prominent: boolean }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const to = signedIn
    ? preferencesInAccount
    : `${paths.signIn}?${new URLSearchParams({ returnUrl: preferencesInAccount })}`;
  const label = signedIn ? "Open your e-mail settings" : "Sign in to change your e-mails";
  if (prominent) {
    return (
      <Button asChild size="lg" block>
        <Link to={to}>{label}</Link>
      </Button>
    );
  }
  return (
    <p className="text-muted">
      Every e-mail setting is also in your account. <TextLink to={to}>{label}</TextLink>
    </p>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={LinkIcon}
        tone="danger"
        focusOnMount
        title="This link doesn't work"
        description={message}
      />
      <AccountSettingsLink prominent />
    </div>
  );
}

/** The server refused the token itself, not the moment: the link will never work. */
function isRefusedLink(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === emailPreferenceErrorCodes.linkInvalid || error.code === commonErrorCodes.validationFailed)
  );
}

function ChangeByLink({ token }: { token: string }) {
  const change = useChangeSubscriptionByLink(token);
  // The last answer the server gave, kept while the next request runs (the mutation forgets it then).
  const [outcome, setOutcome] = useState<UnsubscribeOutcome | null>(null);
  const ask = (subscribe: boolean) => change.mutate(subscribe, { onSuccess: setOutcome });
  const pending = (subscribe: boolean) => change.isPending && change.variables === subscribe;

  if (isRefusedLink(change.error)) {
    // A validation refusal speaks of schema fields ("body.token: Too small…"): say what it means instead.
    const message =
      change.error.code === emailPreferenceErrorCodes.linkInvalid
        ? change.error.message
        : emailPreferenceMessages.linkInvalid;
    return <InvalidLink message={message} />;
  }

  const failure = change.isError ? (
    <Alert tone="danger">{errorMessage(change.error, "We couldn't change that. Please try again.")}</Alert>
  ) : null;

  // Each answer is a view of its own (`key`): a button reused from the last one would fade from
  // its old colours into the new ones.
  if (outcome && !outcome.subscribed) {
    return (
      <div key="unsubscribed" className="flex flex-col gap-7">
        <PageHeader
          icon={CircleCheck}
          tone="success"
          focusOnMount
          title="You're unsubscribed"
          description={
            <p>
              Done: <strong className="font-semibold wrap-anywhere text-ink">{outcome.email}</strong> won't
              get {kindNames[outcome.kind]} any more.
            </p>
          }
        />
        {failure}
        <Button variant="secondary" size="lg" block pending={pending(true)} onClick={() => ask(true)}>
          Send them again
        </Button>
        <AccountSettingsLink prominent={false} />
      </div>
    );
  }

  return (
    <div key={outcome ? "subscribed" : "asking"} className="flex flex-col gap-7">
      {outcome ? (
        <PageHeader
          icon={BellRing}
          tone="success"
          focusOnMount
          title="Reminders are back on"
          description={
            <p>
              <strong className="font-semibold wrap-anywhere text-ink">{outcome.email}</strong> will get{" "}
              {kindNames[outcome.kind]} again.
            </p>
          }
        />
      ) : (
        // Series reminders are the only e-mails with this link today (the contract's
        // optionalEmailKinds): the page can name them before asking the server anything.
        <PageHeader
          icon={MailX}
          title="Yearly portrait reminders"
          description={
            <p>
              Once a year, on the day chosen for a child's yearly portrait series, we e-mail a reminder to
              make that year's portrait. You can stop these e-mails here; sign-in links, receipts and deletion
              receipts always come.
            </p>
          }
        />
      )}
      {failure}
      <Button size="lg" block pending={pending(false)} onClick={() => ask(false)}>
        Stop these e-mails
      </Button>
      {outcome ? <AccountSettingsLink prominent={false} /> : null}
    </div>
  );
}

/**
 * /email-preferences/unsubscribe?token=… (public), opened from the link in an e-mail the product
 * sends on its own. Nothing changes until the button is pressed: mail scanners open links, and a
 * visit alone must not unsubscribe anyone (mail apps' one-click POST has its own address).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A missing or cut-short token is told here: the server could only refuse it.
  if (!isWellFormedUnsubscribeToken(token))
    return <InvalidLink message={emailPreferenceMessages.linkInvalid} />;
  return <ChangeByLink key={token} token={token} />;
}

export { UnsubscribePage as Component };
