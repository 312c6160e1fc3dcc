import { resendInvitationEndpoint, revokeInvitationEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { useFamilyMutation } from "./use-family-mutation";

/** Sends the invitation e-mail again and extends its validity. */
export function resendInvitation(input: { invitationId: string }, familyId: string) {
  return callApi(resendInvitationEndpoint, input, { organizationId: familyId });
}

export function useResendInvitation(familyId: string) {
  return useFamilyMutation(familyId, resendInvitation);
}

export function revokeInvitation(input: { invitationId: string }, familyId: string) {
  return callApi(revokeInvitationEndpoint, input, { organizationId: familyId });
}

export function useRevokeInvitation(familyId: string) {
  return useFamilyMutation(familyId, revokeInvitation);
}
