import { familySpendingEndpoint, setFamilySpendingEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** Loaded on first use by family-spending.ts, with their zod schemas (the guard imports that module). */
export function fetchFamilySpending(familyId: string) {
  return callApi(familySpendingEndpoint, {}, { organizationId: familyId });
}

export function updateFamilySpending(familyId: string, membersMaySpend: boolean) {
  return callApi(setFamilySpendingEndpoint, { membersMaySpend }, { organizationId: familyId });
}
