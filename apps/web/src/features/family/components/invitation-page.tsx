import {
  familyErrorCodes,
  familyMessages,
  familyRoleDescriptions,
  type InvitationPreview,
} from "@wonderkin/contract";
import {
  ArrowRight,
  CircleCheck,
  CircleSlash,
  Clock,
  LinkIcon,
  LogOut,
  MailWarning,
  Users,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { TryAgainView } from "@/components/ui/try-again-view";
import { paths } from "@/config/paths";
import { useSession } from "@/entities/session/get-session";
import { useUser } from "@/entities/session/get-user";
import { forgetPendingInvitation, rememberPendingInvitation } from "@/entities/session/pending-invitation";
import { signOut } from "@/entities/session/sign-out";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import {
  useAcceptInvitation,
  useCheckVerified,
  useDeclineInvitation,
  useInvitation,
  useResendVerificationEmail,
} from "../api/invitations-for-me";
import { roleWithArticle } from "../lib/role-words";

function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === familyErrorCodes.invitationNotFound;
}

function Working({ title }: { title: string }) {
  return (
    <div className="flex flex-col items-start gap-5" aria-busy="true">
      <Spinner label={title} className="mb-1" />
      <h1 className="text-3xl font-semibold tracking-tight sm:text-[2.15rem]">{title}</h1>
    </div>
  );
}

/** Where someone goes from a dead end: their family when signed in, the way in otherwise. */
function WayOn({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button asChild size="lg" block>
      <Link to={paths.familySettings}>
        Go to your family <ArrowRight aria-hidden />
      </Link>
    </Button>
  ) : (
    <div className="flex flex-col gap-3">
      <Button asChild size="lg" block>
        <Link to={paths.signIn}>Sign in</Link>
      </Button>
      <Button asChild variant="secondary" size="lg" block>
        <Link to={paths.signUp}>Create an account</Link>
      </Button>
    </div>
  );
}

function Closed({ invitation, signedIn }: { invitation: InvitationPreview; signedIn: boolean }) {
  const { inviterName, familyName } = invitation;
  const views: Record<
    Exclude<InvitationPreview["status"], "pending">,
    { title: string; text: string; icon: typeof Clock }
  > = {
    accepted: {
      icon: CircleCheck,
      title: "This invitation was already accepted",
      text: `Whoever accepted it is now in ${familyName}. If that was you, you'll find the family on your family page.`,
    },
    expired: {
      icon: Clock,
      title: "This invitation has expired",
      text: `Invitations are valid for a week. Ask ${inviterName} to send you a new one.`,
    },
    canceled: {
      icon: CircleSlash,
      title: "This invitation was withdrawn",
      text: `${inviterName} revoked it. Ask them for a new one if you'd still like to join ${familyName}.`,
    },
    rejected: {
      icon: CircleSlash,
      title: "This invitation was declined",
      text: `If you change your mind, ask ${inviterName} to invite you to ${familyName} again.`,
    },
  };
  const view = views[invitation.status as keyof typeof views];
  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={view.icon}
        tone={invitation.status === "accepted" ? "success" : "accent"}
        focusOnMount
        title={view.title}
        description={view.text}
      />
      <WayOn signedIn={signedIn} />
    </div>
  );
}

function SignedOutChoices({ invitation, path }: { invitation: InvitationPreview; path: string }) {
  const signUp = `${paths.signUp}?${new URLSearchParams({ email: invitation.email, returnUrl: path })}`;
  const signIn = `${paths.signIn}?${new URLSearchParams({ returnUrl: path })}`;
  return (
    <>
      <Alert tone="info">
        The invitation is for <strong className="wrap-anywhere">{invitation.email}</strong>: use that address
        to join.
      </Alert>
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" block>
          <Link to={signUp}>Create your account</Link>
        </Button>
        <Button asChild variant="secondary" size="lg" block>
          <Link to={signIn}>I already have an account</Link>
        </Button>
      </div>
    </>
  );
}

function OtherAccount({
  invitation,
  email,
  path,
}: {
  invitation: InvitationPreview;
  email: string;
  path: string;
}) {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <Alert tone="warning">
        This invitation was sent to <strong className="wrap-anywhere">{invitation.email}</strong>, but you're
        signed in as <strong className="wrap-anywhere">{email}</strong>.
      </Alert>
      <p className="text-muted">
        Sign out, then sign in or create an account with {invitation.email} to join {invitation.familyName}.
      </p>
      <div className="flex flex-col gap-3">
        <Button
          size="lg"
          block
          pending={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOut({ returnUrl: path });
          }}
        >
          {signingOut ? null : <LogOut aria-hidden />}{" "}
          {signingOut ? "Signing out…" : "Sign out and switch account"}
        </Button>
        <Button asChild variant="ghost" size="lg" block>
          <Link to={paths.home}>Not now</Link>
        </Button>
      </div>
    </>
  );
}

function VerifyFirst({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  const check = useCheckVerified();
  return (
    <>
      <Alert tone="warning">
        Verify your e-mail first: we sent a confirmation link to{" "}
        <strong className="wrap-anywhere">{email}</strong>. Open it, and we'll bring you back to this
        invitation.
      </Alert>
      {check.isSuccess && !check.data ? (
        <Alert tone="warning">
          Not confirmed yet. Open the link in the e-mail we sent you, then try again.
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert tone="danger">
          {errorMessage(check.error, "We couldn't check right now. Please try again.")}
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert tone="danger">
          {errorMessage(resend.error, "We couldn't send the e-mail. Please try again.")}
        </Alert>
      ) : null}
      {resend.isSuccess ? (
        <Alert tone="success">
          We sent a new link to <strong className="wrap-anywhere">{resend.data.email}</strong>.
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button size="lg" block pending={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? null : <CircleCheck aria-hidden />} I've verified
        </Button>
        <Button
          variant="secondary"
          size="lg"
          block
          pending={resend.isPending}
          onClick={() => {
            check.reset();
            resend.mutate();
          }}
        >
          {resend.isPending ? null : <MailWarning aria-hidden />} Resend the confirmation e-mail
        </Button>
      </div>
    </>
  );
}

function JoinOrDecline({ invitation }: { invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const alreadyMember =
    accept.error instanceof ApiError && accept.error.code === familyErrorCodes.alreadyMember;

  if (accept.isPending || accept.isSuccess) return <Working title={`Joining ${invitation.familyName}…`} />;

  const failure = accept.isError
    ? errorMessage(accept.error, "We couldn't add you to the family. Please try again.")
    : decline.isError
      ? errorMessage(decline.error, "We couldn't decline the invitation. Please try again.")
      : null;

  return (
    <>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div className="flex flex-col gap-3">
        {alreadyMember ? (
          <Button asChild size="lg" block>
            <Link to={paths.familySettings}>
              Go to your family <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <Button
            size="lg"
            block
            disabled={decline.isPending}
            onClick={() =>
              accept.mutateAsync(invitation.id).then(
                () => {
                  toast.success(`Welcome to ${invitation.familyName}!`);
                  navigate(paths.familySettings, { replace: true });
                },
                () => undefined, // Shown above the buttons from the mutation's state.
              )
            }
          >
            <Users aria-hidden /> Join {invitation.familyName}
          </Button>
        )}
        <Button
          variant="secondary"
          size="lg"
          block
          pending={decline.isPending}
          onClick={() =>
            decline.mutate(invitation.id, {
              onSuccess: () => toast.success(`You declined the invitation to ${invitation.familyName}.`),
            })
          }
        >
          Decline
        </Button>
      </div>
    </>
  );
}

function Pending({ invitation, children }: { invitation: InvitationPreview; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={Users}
        tone="primary"
        title={`Join ${invitation.familyName}`}
        description={
          <>
            <p>
              <strong className="font-semibold text-ink">{invitation.inviterName}</strong> invited you to join{" "}
              <strong className="font-semibold wrap-anywhere text-ink">{invitation.familyName}</strong> as{" "}
              {roleWithArticle(invitation.role)}.
            </p>
            <p className="mt-2">
              Families share their children's magic studios. As {roleWithArticle(invitation.role)}:{" "}
              {familyRoleDescriptions[invitation.role].charAt(0).toLowerCase()}
              {familyRoleDescriptions[invitation.role].slice(1)}
            </p>
            <p className="mt-2 text-sm">Valid until {formatDate(invitation.expiresAt)}.</p>
          </>
        }
      />
      {children}
    </div>
  );
}

/** /invitation/:invitationId: the link in a family invitation e-mail, for whoever opens it. */
export function InvitationPage() {
  const { invitationId = "" } = useParams();
  const path = paths.invitation(invitationId);
  const session = useSession();
  const sessionUser = session.data?.user;
  const user = useUser(sessionUser?.id);
  const invitation = useInvitation(invitationId);
  const signedIn = Boolean(sessionUser);
  const emailVerified = user.data?.emailVerified ?? sessionUser?.emailVerified ?? false;
  const email = user.data?.email ?? sessionUser?.email ?? "";
  const status = invitation.data?.status;
  const gone = isGone(invitation.error);

  // Someone who cannot answer yet (signed out, or not verified) is brought back here once they can;
  // someone who can, or an invitation that is over, needs no reminder.
  useEffect(() => {
    if (status === "pending" && (!signedIn || !emailVerified)) rememberPendingInvitation(path);
    else if (status || gone) forgetPendingInvitation();
  }, [status, gone, signedIn, emailVerified, path]);

  if (invitation.isPending) return <Working title="Opening your invitation…" />;

  if (gone) {
    return (
      <div className="flex flex-col gap-7">
        <PageHeader
          icon={LinkIcon}
          tone="danger"
          focusOnMount
          title="This invitation no longer works"
          description={`${familyMessages.invitationNotFound} Invitations work until they are answered, revoked or a week has passed.`}
        />
        <WayOn signedIn={signedIn} />
      </div>
    );
  }

  if (!invitation.data) {
    return (
      <TryAgainView
        title="We couldn't open the invitation"
        error={invitation.error}
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  }

  const preview = invitation.data;
  if (preview.status !== "pending") return <Closed invitation={preview} signedIn={signedIn} />;
  if (!signedIn) {
    return (
      <Pending invitation={preview}>
        <SignedOutChoices invitation={preview} path={path} />
      </Pending>
    );
  }
  if (user.isPending) return <Working title="Opening your invitation…" />;
  if (email.toLowerCase() !== preview.email.toLowerCase()) {
    return (
      <Pending invitation={preview}>
        <OtherAccount invitation={preview} email={email} path={path} />
      </Pending>
    );
  }
  return (
    <Pending invitation={preview}>
      {emailVerified ? <JoinOrDecline invitation={preview} /> : <VerifyFirst email={email} />}
    </Pending>
  );
}

export { InvitationPage as Component };
