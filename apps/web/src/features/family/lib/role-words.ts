import { type FamilyRole, familyRoleLabels } from "@wonderkin/contract";

/** "an owner", "an admin", "a member": for sentences like "You're an admin". */
export function roleWithArticle(role: FamilyRole): string {
  const word = familyRoleLabels[role].toLowerCase();
  return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}
