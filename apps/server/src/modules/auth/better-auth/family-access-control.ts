import { familyRoleGrants, familyStatements } from "@wonderkin/contract";
import { createAccessControl } from "better-auth/plugins/access";

/**
 * Better Auth's organization plugin enforces the same permission table as our own family
 * context (packages/contract family-permissions): one table, two checks that cannot disagree.
 */
export const familyAccessControl = createAccessControl(familyStatements);

export const familyAccessRoles = {
  owner: familyAccessControl.newRole(familyRoleGrants.owner),
  admin: familyAccessControl.newRole(familyRoleGrants.admin),
  member: familyAccessControl.newRole(familyRoleGrants.member),
};
