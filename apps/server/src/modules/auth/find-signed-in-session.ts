import { type FamilyRole, isFamilyRole } from "@wonderkin/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { member, session, user } from "../../db/schema";

export type SignedInSession = {
  sessionId: string;
  sessionToken: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
  disabledAt: Date | null;
  /**
   * The parent's membership of the family asked about, or null (none asked, or not a member). The
   * same shape as the families module's FamilyMembership, spelled out so authentication imports no
   * module that builds on it.
   */
  membership: { familyId: string; memberId: string; role: FamilyRole } | null;
};

const lookup = preparedStatement((db: Database) =>
  db
    .select({
      sessionId: session.id,
      sessionToken: session.token,
      sessionCreatedAt: session.createdAt,
      sessionExpiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      disabledAt: user.disabledAt,
      memberId: member.id,
      role: member.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(
      member,
      and(eq(member.userId, session.userId), eq(member.organizationId, sql.placeholder("familyId"))),
    )
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("wonderkin_find_signed_in_session"),
);

/**
 * The session behind a token with its user and, when a family is named, the parent's membership of
 * it — one indexed query, the only one authentication costs a request (session.token and
 * member(organization_id, user_id) are unique indexes). Nothing is cached between requests, so a
 * signed-out, revoked or deleted session is refused at once by every instance.
 */
export async function findSignedInSession(
  db: Database,
  options: { token: string; familyId?: string | undefined },
): Promise<SignedInSession | null> {
  const [row] = await lookup(db).execute({ token: options.token, familyId: options.familyId ?? "" });
  if (!row) return null;
  const { memberId, role, ...rest } = row;
  const membership =
    options.familyId && memberId && role && isFamilyRole(role)
      ? { familyId: options.familyId, memberId, role }
      : null;
  return { ...rest, membership };
}
