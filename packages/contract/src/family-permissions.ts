import { z } from "zod";

import { familyRoles } from "./rules/family-rules";

// The roles and their words live in the zod-free rules entry (the privacy policy shows them).
export { familyRoleDescriptions, familyRoleLabels, familyRoles } from "./rules/family-rules";
export const familyRoleSchema = z.enum(familyRoles);
export type FamilyRole = z.infer<typeof familyRoleSchema>;

/**
 * Every action a family role can be granted, by resource. Resource and action names for the
 * organization, member and invitation resources are Better Auth's organization plugin's own, so
 * the server hands this very table to the plugin and both enforce the same rules.
 */
export const familyStatements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  child: ["read", "create", "delete"],
  photo: ["upload", "delete"],
  training: ["start"],
  image: ["read", "generate", "delete-own", "delete-any"],
  /** Whether the family's members may spend the plan's credits: the plan is the owner's (decision 0050). */
  credits: ["share"],
} as const;

export type FamilyResource = keyof typeof familyStatements;
export type FamilyPermission = {
  [R in FamilyResource]: { resource: R; action: (typeof familyStatements)[R][number] };
}[FamilyResource];
export type FamilyGrants = { [R in FamilyResource]?: ReadonlyArray<(typeof familyStatements)[R][number]> };

/** The permission table of docs/families.md, as data. */
export const familyRoleGrants: Record<FamilyRole, FamilyGrants> = {
  owner: familyStatements,
  admin: {
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    child: ["read", "create"],
    photo: ["upload", "delete"],
    training: ["start"],
    image: ["read", "generate", "delete-own", "delete-any"],
  },
  member: {
    child: ["read"],
    image: ["read", "generate", "delete-own"],
  },
};

export function isFamilyRole(value: unknown): value is FamilyRole {
  return familyRoleSchema.safeParse(value).success;
}

/** Whether a role may do something; an unknown role may do nothing. */
export function can(role: string, permission: FamilyPermission): boolean {
  if (!isFamilyRole(role)) return false;
  const actions = familyRoleGrants[role][permission.resource] as readonly string[] | undefined;
  return actions?.includes(permission.action) ?? false;
}

const roleRank: Record<FamilyRole, number> = { owner: 0, admin: 1, member: 2 };

/**
 * Whether `actor` may add, remove or re-role someone who has (or will have) `target`: owners
 * manage everyone; admins manage roles below owner ("change roles below owner").
 */
export function canManageRole(actor: string, target: FamilyRole): boolean {
  if (!isFamilyRole(actor) || !can(actor, { resource: "member", action: "update" })) return false;
  return actor === "owner" || roleRank[target] > roleRank.owner;
}

/** Roles an actor may hand out, in display order. */
export function assignableRoles(actor: string): FamilyRole[] {
  return familyRoles.filter((role) => canManageRole(actor, role));
}
