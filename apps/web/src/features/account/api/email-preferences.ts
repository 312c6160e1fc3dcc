import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type EmailPreferences,
  type EndpointResponse,
  emailPreferencesEndpoint,
  unsubscribeEndpoint,
  updateEmailPreferencesEndpoint,
} from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

const preferencesKeyPart = "email-preferences";

/** The parent's own settings (not a family's): kept under "user", which a family switch leaves alone. */
export const emailPreferencesQueryKey = (userId: string) => ["user", userId, preferencesKeyPart] as const;

/** Which of the e-mails the product sends on its own the signed-in parent still wants (decision 0068). */
export function getEmailPreferences(): Promise<EmailPreferences> {
  return callApi(emailPreferencesEndpoint, {});
}

export function getEmailPreferencesQueryOptions(userId: string) {
  return queryOptions({ queryKey: emailPreferencesQueryKey(userId), queryFn: getEmailPreferences });
}

export function useEmailPreferences(userId: string) {
  return useQuery(getEmailPreferencesQueryOptions(userId));
}

export function updateEmailPreferences(change: Partial<EmailPreferences>): Promise<EmailPreferences> {
  return callApi(updateEmailPreferencesEndpoint, change);
}

/** Saves a change and shows the server's answer, which is the whole of the parent's preferences. */
export function useUpdateEmailPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(emailPreferencesQueryKey(userId), preferences),
  });
}

export type UnsubscribeOutcome = EndpointResponse<typeof unsubscribeEndpoint>;

/**
 * Whether a link's token has the shape the server accepts. One that does not (cut short when it was
 * copied, say) is told apart here: the client refuses to send a request its schema rejects.
 */
export function isWellFormedUnsubscribeToken(token: string): boolean {
  return unsubscribeEndpoint.request.safeParse({ token }).success;
}

/**
 * What an e-mail's link does, signed in or not: turns that kind of e-mail off for the address it was
 * sent to, or back on with `subscribe`. The signed token names the parent, so no session is needed.
 */
export function changeSubscriptionByLink(options: {
  token: string;
  subscribe: boolean;
}): Promise<UnsubscribeOutcome> {
  return callApi(unsubscribeEndpoint, options);
}

export function useChangeSubscriptionByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) => changeSubscriptionByLink({ token, subscribe }),
    // The link may be this browser's own parent's: their account page must not show the old setting.
    onSuccess: () => {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[2] === preferencesKeyPart });
    },
  });
}
