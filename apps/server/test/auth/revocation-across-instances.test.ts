import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../create-test-app";
import { inviteAndJoin, postAs, type TestParent, verifiedParent } from "../support/families";
import { PASSWORD, post, tokenFor } from "../support/identity";

// Two API instances need a database both can reach: CI's PostgreSQL pass runs this.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)("revocation takes effect at once on every instance (PostgreSQL)", () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const childrenOn = (app: TestApp, parent: { token: string }, familyId: string) =>
    postAs(app.app, "/api/children/get", parent, familyId);

  it("signing out on one instance refuses the token on the other at once", async () => {
    const ada = await verifiedParent(a.app, a.database.db);
    expect((await childrenOn(b, ada, ada.familyId)).statusCode).toBe(200);
    expect((await post(a.app, "/api/auth/sign-out", {}, ada.token)).statusCode).toBe(200);
    expect((await childrenOn(b, ada, ada.familyId)).statusCode).toBe(401);
  });

  it("a password change that signs out other devices refuses their tokens on the other instance", async () => {
    const ada = await verifiedParent(a.app, a.database.db);
    const phone = await tokenFor(b.app, ada.email);
    expect((await post(b.app, "/api/user/get", {}, phone)).statusCode).toBe(200);
    const changed = await post(
      a.app,
      "/api/auth/change-password",
      { currentPassword: PASSWORD, newPassword: "a brand new password", revokeOtherSessions: true },
      ada.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await post(b.app, "/api/user/get", {}, phone)).statusCode).toBe(401);
  });

  it("a role change or a removal on one instance is enforced by the other at once", async () => {
    const owner = await verifiedParent(a.app, a.database.db, { firstName: "Ada" });
    const grandma = await verifiedParent(a.app, a.database.db, { firstName: "Grandma" });
    await inviteAndJoin(a.app, a.database.db, {
      by: owner,
      familyId: owner.familyId,
      invitee: grandma,
      role: "admin",
    });
    const memberIdOf = async (parent: TestParent) => {
      const members = await postAs(a.app, "/api/organization/getMembers", owner, owner.familyId);
      const found = (members.json().members as { memberId: string; userId: string }[]).find(
        (row) => row.userId === parent.userId,
      );
      return found?.memberId ?? "";
    };
    const memberId = await memberIdOf(grandma);
    // An admin may invite; a plain member may not.
    const invite = (app: TestApp) =>
      postAs(app.app, "/api/organization/member/add", grandma, owner.familyId, {
        email: `invitee-${Date.now()}@example.com`,
        role: "member",
      });
    expect((await invite(b)).statusCode).toBe(200);
    const demoted = await postAs(a.app, "/api/organization/member/role", owner, owner.familyId, {
      memberId,
      role: "member",
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await invite(b)).json().code).toBe("ROLE_NOT_ALLOWED");

    const removed = await postAs(a.app, "/api/organization/member/delete", owner, owner.familyId, {
      memberId,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await childrenOn(b, grandma, owner.familyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("NOT_A_FAMILY_MEMBER");
  });

  it("deleting the account on one instance refuses its token on the other at once", async () => {
    const ada = await verifiedParent(a.app, a.database.db);
    const deleted = await post(
      a.app,
      "/api/user/delete",
      { password: PASSWORD, confirmEmail: ada.email },
      ada.token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await post(b.app, "/api/user/get", {}, ada.token)).statusCode).toBe(401);
  });
});
