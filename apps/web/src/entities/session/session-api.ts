import { getUserEndpoint, listFamiliesEndpoint, type UserRecord } from "@wonderkin/contract";
import { callApi } from "@/lib/api-client";
import { chooseFamilyId } from "./choose-family";
import { readOrganizationId, storeOrganizationId } from "./session-storage";

/**
 * The session's calls to the product API, with their zod schemas. Loaded on first use (get-user.ts,
 * current-family.ts): a signed-out visitor's first page never makes them, so it does without them.
 */

/** The families of the signed-in parent (needs no family header). */
export async function listFamilies() {
  return (await callApi(listFamiliesEndpoint, {})).families;
}

/** The families of the signed-in parent, or undefined when they could not be read. */
async function readFamilyIds(): Promise<{ id: string }[] | undefined> {
  try {
    return await listFamilies();
  } catch {
    return undefined;
  }
}

/** See getUser in get-user.ts. */
export async function fetchUser(): Promise<UserRecord> {
  const user = await callApi(getUserEndpoint, {});
  const stored = readOrganizationId();
  const defaultId = user.defaultOrganizationId;
  // Only a family other than the default needs checking; the default is the server's own answer.
  const families = stored && stored !== defaultId ? await readFamilyIds() : undefined;
  storeOrganizationId(chooseFamilyId({ stored, defaultId, families }));
  return user;
}
