import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authMessages, createSocialUserEndpoint, socialProviderSchema } from "@wonderkin/contract";
import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { paths } from "@/config/paths";
import { authClient } from "@/entities/session/auth-client";
import { useRefreshSession } from "@/entities/session/get-session";
import { getUser, isUserMissing, userQueryKey } from "@/entities/session/get-user";
import { forgetSessionToken, storeSessionToken } from "@/entities/session/session-storage";
import { signOut } from "@/entities/session/sign-out";
import { callApi } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { safeReturnUrl } from "@/lib/safe-return-url";
import { WorkingView } from "./working-view";

class NoSessionError extends Error {}

/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; the contract caps each at 60. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 60), lastName: rest.join(" ").slice(0, 60) };
}

function asUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol.startsWith("http") ? value : null;
  } catch {
    return null;
  }
}

/**
 * /finalize-social: Google or Facebook sent the browser back here, signed in with a session cookie.
 * The product API works with bearer tokens, so the session's token is stored; a new account also
 * gets its server record (spec §4: a new social user is created in the database, then refreshed).
 */
export function FinalizeSocialPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const isNewUser = params.get("new") === "1";
  const provider = socialProviderSchema.safeParse(params.get("provider"));
  const returnUrl = safeReturnUrl(params.get("returnUrl"));

  const finish = useMutation({
    mutationFn: async () => {
      // A token left from an earlier session would be sent instead of the fresh cookie.
      forgetSessionToken();
      const { data } = await authClient.getSession();
      if (!data) throw new NoSessionError();
      storeSessionToken(data.session.token);

      if (isNewUser) {
        if (!provider.success) throw new Error("The sign-in provider is missing from the address.");
        // The account's id at Google or Facebook, which the server checks against the session.
        const accounts = await authClient.listAccounts();
        const providerUid = accounts.data?.find((linked) => linked.providerId === provider.data)?.accountId;
        if (!providerUid) throw new NoSessionError();
        const created = await callApi(createSocialUserEndpoint, {
          providerUid,
          email: data.user.email,
          ...splitName(data.user.name),
          avatarUrl: asUrl(data.user.image),
          provider: provider.data,
        });
        if (!created.success) throw new Error(created.message || authMessages.createUserFailed);
      }
      const user = await getUser();
      queryClient.setQueryData(userQueryKey(data.user.id), user);
    },
    onSuccess: async () => {
      await refreshSession().catch(() => undefined);
      navigate(returnUrl ?? paths.home, { replace: true });
    },
    onError: (error) => {
      if (isUserMissing(error)) void signOut({ notice: authMessages.userNotFoundInDb });
    },
  });

  const attempted = useRef(false);
  useEffect(() => {
    if (attempted.current) return;
    attempted.current = true;
    finish.mutate();
  }, [finish.mutate]);

  if (!finish.isError || isUserMissing(finish.error)) {
    return <WorkingView title="Signing you in…" detail="Finishing your sign-in." />;
  }

  return (
    <div className="flex flex-col gap-7">
      <PageHeader
        icon={CircleAlert}
        tone="danger"
        focusOnMount
        title="We couldn't finish signing you in"
        description={
          finish.error instanceof NoSessionError
            ? "The sign-in didn't complete or has expired. Please try again."
            : errorMessage(finish.error, authMessages.signInFailed)
        }
      />
      <Button asChild size="lg" block>
        <Link to={paths.signIn} replace>
          Back to sign-in
        </Link>
      </Button>
    </div>
  );
}

export { FinalizeSocialPage as Component };
