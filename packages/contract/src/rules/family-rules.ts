/** The family words every page may need, without zod (see ./index.ts). */

/** The request header naming the family a product request acts for (spec §6). */
export const FAMILY_HEADER = "organization-id";

export const familyErrorCodes = {
  organizationRequired: "ORGANIZATION_REQUIRED",
  notAFamilyMember: "NOT_A_FAMILY_MEMBER",
  roleNotAllowed: "ROLE_NOT_ALLOWED",
  lastOwner: "LAST_OWNER",
  memberNotFound: "MEMBER_NOT_FOUND",
  alreadyMember: "ALREADY_A_MEMBER",
  alreadyInvited: "ALREADY_INVITED",
  invitationNotFound: "INVITATION_NOT_FOUND",
  invitationForAnotherEmail: "INVITATION_FOR_ANOTHER_EMAIL",
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  confirmationMismatch: "CONFIRMATION_MISMATCH",
  pictureInvalid: "PICTURE_INVALID",
  familyLimitReached: "FAMILY_LIMIT_REACHED",
  pictureNotSuitable: "PHOTO_NOT_SUITABLE",
  /** A member without a plan of their own, in a family whose owner has not shared the plan's credits. */
  spendingNotShared: "FAMILY_SPENDING_NOT_SHARED",
} as const;

/**
 * A family's roles (spec §6 leaves them to us). The order matters: a role may only manage roles
 * strictly below its own, except the owner, who may do anything including naming other owners.
 */
export const familyRoles = ["owner", "admin", "member"] as const;
type Role = (typeof familyRoles)[number];

export const familyRoleLabels: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
};

export const familyRoleDescriptions: Record<Role, string> = {
  owner: "Everything, including deleting the family and making others owners.",
  admin: "Manages members, adds children, uploads photos and starts training.",
  member:
    "Sees the children and their portraits, and creates portraits with their own plan, or with the family's when the owner shares its credits.",
};
