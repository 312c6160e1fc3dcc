/**
 * The few values of @wonderkin/contract the app shell (route guard, session) needs on every page,
 * copied here: the contract keeps them in the same modules as its zod schemas, and a module the
 * shell imports joins the first page's chunk with everything any page uses of it (zod itself, ≈ 24
 * KB gzipped). contract-constants.test.ts checks every copy against the contract, so they cannot
 * drift. They go once the contract offers a zod-free entry point for its constants.
 */

/** authErrorCodes.userNotFound: a session without a user record (spec §4). */
export const USER_NOT_FOUND_CODE = "USER_NOT_FOUND";

/** authMessages.userNotFoundInDb: what sign-in says after that sign-out (spec §4). */
export const USER_NOT_FOUND_IN_DB_MESSAGE = "User not found in DB";

/** SOCIAL_SIGN_IN_POPUP_PATH: where a Google or Facebook sign-in popup lands (spec §7). */
export const SOCIAL_SIGN_IN_POPUP_PATH = "/social-sign-in/popup";

/** familyErrorCodes.notAFamilyMember: the parent no longer belongs to the family they act for. */
export const NOT_A_FAMILY_MEMBER_CODE = "NOT_A_FAMILY_MEMBER";

/** childIdPattern: a child id in a URL is a positive integer without a leading zero (spec §2, §5). */
const childIdPattern = /^[1-9]\d*$/;

/** parseChildIdSegment: a childId taken from a URL segment; null when it is not a canonical positive integer. */
export function parseChildIdSegment(segment: string | undefined): number | null {
  if (segment === undefined || !childIdPattern.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
