import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptTermsEndpoint, CONSENT_AGREEMENT_VERSION, type UserRecord } from "@wonderkin/contract";
import { userQueryKey } from "@/entities/session/get-user";
import { callApi } from "@/lib/api-client";

/** Records that the parent accepted this version of the agreement (the server adds time, address, browser). */
export function acceptConsent() {
  return callApi(acceptTermsEndpoint, {
    version: CONSENT_AGREEMENT_VERSION,
    confirmations: { isParentOrGuardian: true, agreesToProcessing: true },
  });
}

/** The user record carries the consent: it is updated at once, so the next page knows. */
export function useAcceptConsent(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptConsent,
    onSuccess: (consent) => {
      if (!userId) return;
      queryClient.setQueryData<UserRecord>(userQueryKey(userId), (user) =>
        user ? { ...user, consent } : user,
      );
    },
  });
}
