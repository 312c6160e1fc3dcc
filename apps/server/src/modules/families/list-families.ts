import { type FamilySummary, isFamilyRole } from "@wonderkin/contract";
import { asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { familyPicture, member, organization } from "../../db/schema";
import { familyPictureUrl } from "./family-picture";

/** Summaries of the given families as seen by one parent (their role in each), in joining order. */
async function summarise(
  db: Database,
  media: { mediaSecret: string; mediaTtlSeconds: number },
  memberships: { familyId: string; role: string }[],
): Promise<FamilySummary[]> {
  const ids = memberships.map((row) => row.familyId);
  if (ids.length === 0) return [];
  const families = await db
    .select({ id: organization.id, name: organization.name, pictureVersion: familyPicture.version })
    .from(organization)
    .leftJoin(familyPicture, eq(familyPicture.organizationId, organization.id))
    .where(inArray(organization.id, ids));
  const counts = await db
    .select({ familyId: member.organizationId, members: count() })
    .from(member)
    .where(inArray(member.organizationId, ids))
    .groupBy(member.organizationId);
  return memberships.flatMap(({ familyId, role }) => {
    const family = families.find((row) => row.id === familyId);
    if (!family || !isFamilyRole(role)) return [];
    return [
      {
        id: family.id,
        name: family.name,
        pictureUrl: familyPictureUrl(media, family.id, family.pictureVersion),
        role,
        memberCount: counts.find((row) => row.familyId === familyId)?.members ?? 1,
      },
    ];
  });
}

export async function listFamilies(
  db: Database,
  options: { userId: string; mediaSecret: string; mediaTtlSeconds: number },
): Promise<FamilySummary[]> {
  const memberships = await db
    .select({ familyId: member.organizationId, role: member.role })
    .from(member)
    .where(eq(member.userId, options.userId))
    .orderBy(asc(member.createdAt));
  return summarise(db, options, memberships);
}

export async function getFamilySummary(
  db: Database,
  options: { familyId: string; role: string; mediaSecret: string; mediaTtlSeconds: number },
): Promise<FamilySummary> {
  const [summary] = await summarise(db, options, [options]);
  if (!summary) throw new Error(`Family ${options.familyId} vanished while being read`);
  return summary;
}
