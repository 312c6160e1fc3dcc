import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { member, organization } from "../../db/schema";

function newId(): string {
  return randomBytes(16).toString("base64url");
}

/** "Ada's family", or "My family" when the first name is not known yet (e-mail link sign-up). */
export function personalFamilyName(firstName: string): string {
  const name = firstName.trim();
  return name ? `${name}'s family` : "My family";
}

/**
 * Every parent starts with a family of their own, with them as owner: its id is the default
 * `organization-id` of their requests. Slugs are random so they never reveal names or e-mails.
 */
export async function createPersonalFamily(
  db: Database,
  options: { userId: string; firstName: string },
): Promise<{ organizationId: string }> {
  const organizationId = newId();
  await db.transaction(async (tx) => {
    await tx.insert(organization).values({
      id: organizationId,
      name: personalFamilyName(options.firstName),
      slug: `family-${randomBytes(6).toString("hex")}`,
    });
    await tx.insert(member).values({ id: newId(), organizationId, userId: options.userId, role: "owner" });
  });
  return { organizationId };
}
