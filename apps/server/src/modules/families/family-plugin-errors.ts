import { familyErrorCodes, familyMessages } from "@wonderkin/contract";
import { isAPIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";

type Mapped = [status: number, code: keyof typeof familyErrorCodes];

/**
 * Better Auth's organization plugin checks the same rules we check first; should it still refuse
 * (a race, a rule we do not pre-check), its refusal is told in our own codes and words.
 */
const pluginCodes: Record<string, Mapped> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: [409, "lastOwner"],
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: [409, "lastOwner"],
  MEMBER_NOT_FOUND: [404, "memberNotFound"],
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: [409, "alreadyMember"],
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: [409, "alreadyInvited"],
  INVITATION_NOT_FOUND: [404, "invitationNotFound"],
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: [403, "invitationForAnotherEmail"],
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: [403, "emailNotVerified"],
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: [409, "familyLimitReached"],
  INVITATION_LIMIT_REACHED: [409, "familyLimitReached"],
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: [403, "notAFamilyMember"],
};

function toAppError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const code = String(error.body?.code ?? "");
  const mapped = pluginCodes[code];
  if (mapped) {
    const [status, key] = mapped;
    return new AppError(status, familyErrorCodes[key], familyMessages[key as keyof typeof familyMessages]);
  }
  if (code.startsWith("YOU_ARE_NOT_ALLOWED_TO")) {
    return new AppError(403, familyErrorCodes.roleNotAllowed, familyMessages.roleNotAllowed);
  }
  return error;
}

/** Runs one organization-plugin call, translating its refusals. */
export async function viaFamilyPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}
