import { type EndpointRequest, updateFamilyEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { useFamilyMutation } from "./use-family-mutation";

export type UpdateFamilyInput = EndpointRequest<typeof updateFamilyEndpoint>;

/** Renames the family and/or replaces its picture (a data URL) or removes it (null). */
export function updateFamily(input: UpdateFamilyInput, familyId: string) {
  return callApi(updateFamilyEndpoint, input, { organizationId: familyId });
}

export function useUpdateFamily(familyId: string) {
  return useFamilyMutation(familyId, updateFamily);
}
