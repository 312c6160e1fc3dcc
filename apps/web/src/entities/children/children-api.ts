import { type Child, getChildrenEndpoint } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";

/** The children of one family; loaded on first use by get-children.ts (its zod schemas with it). */
export function fetchChildren(familyId: string): Promise<Child[]> {
  return callApi(getChildrenEndpoint, {}, { organizationId: familyId });
}
