import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  acceptInvitationEndpoint,
  declineInvitationEndpoint,
  getInvitationEndpoint,
  myInvitationsEndpoint,
  sendVerificationEmailEndpoint,
  verificationStatusEndpoint,
} from "@wonderkin/contract";
import { switchFamily } from "@/entities/session/current-family";
import { useRefreshSession } from "@/entities/session/get-session";
import { callApi } from "@/lib/api-client";

export const invitationQueryKey = (invitationId: string) => ["invitation", invitationId] as const;
export const myInvitationsQueryKey = (userId: string) => ["invitations", "mine", userId] as const;

/** What an invitation link shows: readable without an account. */
export function getInvitation(invitationId: string) {
  return callApi(getInvitationEndpoint, { invitationId });
}

export function getInvitationQueryOptions(invitationId: string) {
  return queryOptions({
    queryKey: invitationQueryKey(invitationId),
    queryFn: () => getInvitation(invitationId),
    // The answer does not change under the visitor's feet, except by their own hand.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useInvitation(invitationId: string) {
  return useQuery(getInvitationQueryOptions(invitationId));
}

/** Invitations waiting for the signed-in parent's address; the server answers only once it is verified. */
export function getMyInvitationsQueryOptions(userId: string | undefined, emailVerified: boolean) {
  return queryOptions({
    queryKey: myInvitationsQueryKey(userId ?? "signed-out"),
    queryFn: async () => (await callApi(myInvitationsEndpoint, {})).invitations,
    enabled: Boolean(userId) && emailVerified,
  });
}

export function useMyInvitations(userId: string | undefined, emailVerified: boolean) {
  return useQuery(getMyInvitationsQueryOptions(userId, emailVerified));
}

/** Joins the family and acts for it from now on. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => callApi(acceptInvitationEndpoint, { invitationId }),
    // Not awaited: the new family is in use at once; its data follows.
    onSuccess: ({ familyId }) => {
      void switchFamily(queryClient, familyId);
    },
  });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => callApi(declineInvitationEndpoint, { invitationId }),
    // Not awaited, for the reason given in use-family-mutation.ts.
    onSuccess: (_result, invitationId) => {
      void queryClient.invalidateQueries({ queryKey: ["invitations"] });
      void queryClient.invalidateQueries({ queryKey: invitationQueryKey(invitationId) });
    },
  });
}

/** A new confirmation link for the signed-in parent, who must verify before joining. */
export function useResendVerificationEmail() {
  return useMutation({ mutationFn: () => callApi(sendVerificationEmailEndpoint, {}) });
}

/**
 * Whether the signed-in parent's e-mail is verified now, asked of the server rather than a cached
 * session; when it is, the session and user record are read again so every page knows.
 */
export function useCheckVerified() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: async () => {
      const fresh = await refreshSession({ fresh: true });
      if (fresh?.user.emailVerified) return true;
      const { emailVerified } = await callApi(verificationStatusEndpoint, {});
      if (emailVerified) await refreshSession({ fresh: true });
      return emailVerified;
    },
  });
}
