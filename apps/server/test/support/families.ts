import { randomBytes } from "node:crypto";
import { FAMILY_HEADER, type FamilyRole } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../../src/db/client";
import { invitation, member, organization, user } from "../../src/db/schema";
import { latestMail, post, signUp, tokenFor, tokenOfLink } from "./identity";

export type TestParent = { email: string; token: string; userId: string; familyId: string };

/** A parent who signed up, verified their address through the e-mailed link and signed in. */
export async function verifiedParent(
  app: FastifyInstance,
  db: Database,
  options: { firstName?: string; email?: string } = {},
): Promise<TestParent> {
  const { email } = await signUp(app, options);
  const link = (await latestMail(db, email, "email-verification"))?.link;
  const verified = await post(app, "/api/auth/verify-email", { token: tokenOfLink(link) });
  expect(verified.statusCode, verified.body).toBe(200);
  const token = await tokenFor(app, email);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const [membership] = await db
    .select({ familyId: member.organizationId })
    .from(member)
    .where(eq(member.userId, row?.id ?? ""));
  return { email, token, userId: row?.id ?? "", familyId: membership?.familyId ?? "" };
}

/** POSTs as a parent acting for a family (or with no family header when `familyId` is null). */
export function postAs(
  app: FastifyInstance,
  url: string,
  as: { token: string },
  familyId: string | null,
  payload: unknown = {},
) {
  return app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${as.token}`,
      ...(familyId === null ? {} : { [FAMILY_HEADER]: familyId }),
    },
  });
}

const newId = () => randomBytes(12).toString("base64url");

/** A family written straight to the tables (fast fixtures for matrices): returns member ids by user. */
export async function createFamilyFixture(
  db: Database,
  options: { name: string; members: { userId: string; role: FamilyRole }[] },
): Promise<{ familyId: string; memberIds: Map<string, string> }> {
  const familyId = newId();
  await db.insert(organization).values({ id: familyId, name: options.name, slug: `family-${newId()}` });
  const memberIds = new Map<string, string>();
  for (const { userId, role } of options.members) {
    const id = newId();
    await db.insert(member).values({ id, organizationId: familyId, userId, role });
    memberIds.set(userId, id);
  }
  return { familyId, memberIds };
}

export async function createInvitationFixture(
  db: Database,
  options: { familyId: string; inviterId: string; email: string; role?: FamilyRole },
): Promise<string> {
  const id = newId();
  await db.insert(invitation).values({
    id,
    organizationId: options.familyId,
    email: options.email,
    role: options.role ?? "member",
    status: "pending",
    inviterId: options.inviterId,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
  return id;
}

/**
 * Brings a parent who has an account into a family the only way there is: the manager invites
 * their address, and they accept the e-mailed invitation (decision 0022).
 */
export async function inviteAndJoin(
  app: FastifyInstance,
  db: Database,
  options: { by: TestParent; familyId: string; invitee: TestParent; role: FamilyRole },
): Promise<void> {
  const invited = await postAs(app, "/api/organization/member/add", options.by, options.familyId, {
    email: options.invitee.email,
    role: options.role,
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const link = (await latestMail(db, options.invitee.email, "family-invitation"))?.link ?? "";
  const invitationId = link.split("/invitation/")[1] ?? "";
  const accepted = await post(
    app,
    "/api/organization/invitation/accept",
    { invitationId },
    options.invitee.token,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
}
