import {
  addMemberEndpoint,
  changeMemberRoleEndpoint,
  type EndpointRequest,
  removeMemberEndpoint,
} from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { useFamilyMutation } from "./use-family-mutation";

export type AddMemberInput = EndpointRequest<typeof addMemberEndpoint>;
export type ChangeMemberRoleInput = EndpointRequest<typeof changeMemberRoleEndpoint>;

/** Adds someone who has an account at once (they are told by e-mail); invites anyone else. */
export function addMember(input: AddMemberInput, familyId: string) {
  return callApi(addMemberEndpoint, input, { organizationId: familyId });
}

export function useAddMember(familyId: string) {
  return useFamilyMutation(familyId, addMember);
}

export function changeMemberRole(input: ChangeMemberRoleInput, familyId: string) {
  return callApi(changeMemberRoleEndpoint, input, { organizationId: familyId });
}

export function useChangeMemberRole(familyId: string) {
  return useFamilyMutation(familyId, changeMemberRole);
}

export function removeMember(input: { memberId: string }, familyId: string) {
  return callApi(removeMemberEndpoint, input, { organizationId: familyId });
}

export function useRemoveMember(familyId: string) {
  return useFamilyMutation(familyId, removeMember);
}
