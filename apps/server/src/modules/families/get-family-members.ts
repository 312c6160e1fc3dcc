import {
  can,
  type FamilyMember,
  type FamilyRole,
  isFamilyRole,
  type PendingInvitation,
} from "@wonderkin/contract";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invitation, member, user } from "../../db/schema";
import { avatarUrlOf, type MediaSigning } from "../profile-picture/profile-picture-address";

type MemberRow = {
  memberId: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  role: string;
  joinedAt: Date;
};

const memberColumns = {
  memberId: member.id,
  userId: member.userId,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  avatarUrl: user.image,
  role: member.role,
  joinedAt: member.createdAt,
};

/** An uploaded picture's stored path becomes a fresh signed address (decision 0059). */
function toFamilyMember(row: MemberRow, media: MediaSigning): FamilyMember {
  return {
    ...row,
    avatarUrl: avatarUrlOf(media, { id: row.userId, image: row.avatarUrl }),
    role: isFamilyRole(row.role) ? row.role : "member",
    joinedAt: row.joinedAt.toISOString(),
  };
}

export async function listMembers(
  db: Database,
  options: { familyId: string; media: MediaSigning },
): Promise<FamilyMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, options.familyId))
    .orderBy(asc(member.createdAt));
  return rows.map((row) => toFamilyMember(row, options.media));
}

/** One member of one family, or null (a member id of another family is "not found", never its data). */
export async function findMember(
  db: Database,
  options: { familyId: string; memberId: string; media: MediaSigning },
): Promise<FamilyMember | null> {
  const [row] = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, options.familyId), eq(member.id, options.memberId)));
  return row ? toFamilyMember(row, options.media) : null;
}

export async function listPendingInvitations(
  db: Database,
  options: { familyId: string },
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      inviterFirstName: user.firstName,
      inviterEmail: user.email,
    })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.organizationId, options.familyId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(invitation.createdAt));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: isFamilyRole(row.role) ? row.role : "member",
    invitedBy: row.inviterFirstName || row.inviterEmail,
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** The family page's data: members for everyone; pending invitations for those who may manage them. */
export async function getFamilyMembers(
  db: Database,
  options: { familyId: string; role: FamilyRole; media: MediaSigning },
) {
  const [members, invitations] = await Promise.all([
    listMembers(db, options),
    can(options.role, { resource: "invitation", action: "create" })
      ? listPendingInvitations(db, options)
      : Promise.resolve([]),
  ]);
  return { members, invitations };
}
