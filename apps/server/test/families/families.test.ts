import { familyErrorCodes } from "@wonderkin/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member, organization } from "../../src/db/schema";
import { createTestApp, type TestApp } from "../create-test-app";
import {
  createFamilyFixture,
  inviteAndJoin,
  postAs,
  type TestParent,
  verifiedParent,
} from "../support/families";
import { latestMail, post, signUp, tokenFor, tokenOfLink, uniqueEmail } from "../support/identity";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const parent = (firstName: string) => verifiedParent(t.app, t.database.db, { firstName });
const families = async (as: TestParent) =>
  (await postAs(t.app, "/api/organization/list", as, null)).json().families as {
    id: string;
    name: string;
    role: string;
    pictureUrl: string | null;
  }[];
const members = async (as: TestParent, familyId: string) =>
  (await postAs(t.app, "/api/organization/getMembers", as, familyId)).json();
const invitationIdOf = (link: string | null | undefined) => (link ?? "").split("/invitation/")[1] ?? "";

describe("the organization-id header", () => {
  it("is required, must name a family of the caller, and a forged one reveals nothing", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const missing = await postAs(t.app, "/api/organization/getMembers", ada, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(familyErrorCodes.organizationRequired);
    const blank = await postAs(t.app, "/api/organization/getMembers", ada, "   ");
    expect(blank.json().code).toBe(familyErrorCodes.organizationRequired);

    for (const forged of ["no-such-family", "x".repeat(5000), bea.familyId]) {
      const response = await postAs(t.app, "/api/organization/getMembers", ada, forged);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(familyErrorCodes.notAFamilyMember);
      expect(response.body).not.toContain(bea.email);
    }
    expect((await postAs(t.app, "/api/organization/getMembers", ada, ada.familyId)).statusCode).toBe(200);
  });

  it("is closed to a parent whose address is not verified yet", async () => {
    const { email } = await signUp(t.app, { firstName: "Una" });
    const token = await tokenFor(t.app, email);
    const [familyId] = (await post(t.app, "/api/organization/list", {}, token))
      .json()
      .families.map((family: { id: string }) => family.id);
    const response = await postAs(t.app, "/api/organization/getMembers", { token }, familyId);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(familyErrorCodes.emailNotVerified);
  });

  it("needs a session before anything else", async () => {
    const response = await post(t.app, "/api/organization/getMembers", {});
    expect(response.statusCode).toBe(401);
  });
});

describe("a parent's families", () => {
  it("starts with a personal family they own", async () => {
    const ada = await parent("Ada");
    expect(await families(ada)).toEqual([
      { id: ada.familyId, name: "Ada's family", role: "owner", pictureUrl: null, memberCount: 1 },
    ]);
    const view = await members(ada, ada.familyId);
    expect(view.you.role).toBe("owner");
    expect(view.members).toEqual([
      expect.objectContaining({ email: ada.email, role: "owner", firstName: "Ada" }),
    ]);
  });
});

describe("adding members", () => {
  it("invites a parent who has an account, answering exactly as for an unknown address; they join by accepting", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const newcomer = uniqueEmail("newcomer");
    const answers = [];
    for (const email of [bea.email.toUpperCase(), newcomer]) {
      const response = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
        email,
        role: "admin",
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      // Only the address and the invitation's own id and dates differ: nothing tells accounts apart.
      answers.push({
        ...body,
        invitation: { ...body.invitation, id: "id", email: "email", createdAt: "at", expiresAt: "at" },
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ outcome: "invited", invitation: { role: "admin" } });

    // Not in the family until she says yes.
    expect((await members(ada, ada.familyId)).members).toHaveLength(1);
    expect((await families(bea)).map((family) => family.id)).toEqual([bea.familyId]);
    const mail = await latestMail(t.database.db, bea.email, "family-invitation");
    expect(mail?.text).toContain("Ada invited you to join Ada's family");
    const invitationId = invitationIdOf(mail?.link);
    const waiting = await post(t.app, "/api/organization/invitation/mine", {}, bea.token);
    expect(waiting.json().invitations).toEqual([expect.objectContaining({ id: invitationId })]);

    const accepted = await post(t.app, "/api/organization/invitation/accept", { invitationId }, bea.token);
    expect(accepted.json()).toEqual({ familyId: ada.familyId });
    expect((await families(bea)).map((family) => family.id)).toEqual([bea.familyId, ada.familyId]);
    const view = await members(ada, ada.familyId);
    expect(view.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: bea.email, role: "admin" })]),
    );

    const again = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email: bea.email,
      role: "member",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(familyErrorCodes.alreadyMember);
  });

  it("lets an invited parent with an account decline: they never join", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email: bea.email,
      role: "member",
    });
    const invitationId = invitationIdOf(
      (await latestMail(t.database.db, bea.email, "family-invitation"))?.link,
    );
    const declined = await post(t.app, "/api/organization/invitation/decline", { invitationId }, bea.token);
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await members(ada, ada.familyId)).members).toHaveLength(1);
    expect((await families(bea)).map((family) => family.id)).toEqual([bea.familyId]);
  });

  it("invites (does not add) an account whose address is not verified", async () => {
    const ada = await parent("Ada");
    const { email } = await signUp(t.app, { firstName: "Ivy" });
    const response = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email,
      role: "member",
    });
    expect(response.json()).toMatchObject({ outcome: "invited", invitation: { email } });
    expect((await members(ada, ada.familyId)).members).toHaveLength(1);
    expect(await latestMail(t.database.db, email, "family-invitation")).toBeDefined();
  });

  it("invites an unknown address; the link signs them up and, once verified, joins them", async () => {
    const ada = await parent("Ada");
    const newcomer = uniqueEmail("newcomer");
    const invited = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email: newcomer,
      role: "member",
    });
    expect(invited.json()).toMatchObject({
      outcome: "invited",
      invitation: { email: newcomer, role: "member" },
    });
    const mail = await latestMail(t.database.db, newcomer, "family-invitation");
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/invitation\/[\w-]+$/);
    expect(mail?.text).toContain("Ada invited you to join Ada's family");
    const invitationId = invitationIdOf(mail?.link);

    // The link shows what it is about without an account.
    const preview = await post(t.app, "/api/organization/invitation/get", { invitationId });
    expect(preview.json()).toMatchObject({
      familyName: "Ada's family",
      inviterName: "Ada",
      email: newcomer,
      status: "pending",
    });
    const duplicate = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email: newcomer,
      role: "member",
    });
    expect(duplicate.json().code).toBe(familyErrorCodes.alreadyInvited);

    await signUp(t.app, { email: newcomer, firstName: "Nia" });
    const unverified = await tokenFor(t.app, newcomer);
    const early = await post(t.app, "/api/organization/invitation/accept", { invitationId }, unverified);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe(familyErrorCodes.emailNotVerified);

    const verifyLink = (await latestMail(t.database.db, newcomer, "email-verification"))?.link;
    await post(t.app, "/api/auth/verify-email", { token: tokenOfLink(verifyLink) });
    const token = await tokenFor(t.app, newcomer);
    const waiting = await post(t.app, "/api/organization/invitation/mine", {}, token);
    expect(waiting.json().invitations).toEqual([expect.objectContaining({ id: invitationId })]);

    const accepted = await post(t.app, "/api/organization/invitation/accept", { invitationId }, token);
    expect(accepted.json()).toEqual({ familyId: ada.familyId });
    const view = await members({ ...ada, token }, ada.familyId);
    expect(view.you.role).toBe("member");
    expect(view.invitations).toEqual([]);
    const used = await post(t.app, "/api/organization/invitation/accept", { invitationId }, token);
    expect(used.statusCode).toBe(409);
    expect((await post(t.app, "/api/organization/invitation/get", { invitationId })).json().status).toBe(
      "accepted",
    );
  });

  it("refuses an invitation to someone signed in with another address", async () => {
    const ada = await parent("Ada");
    const other = await parent("Olga");
    const invited = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email: uniqueEmail("someone"),
      role: "member",
    });
    const invitationId = invited.json().invitation.id;
    const response = await post(t.app, "/api/organization/invitation/accept", { invitationId }, other.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(familyErrorCodes.invitationForAnotherEmail);
    expect((await post(t.app, "/api/organization/invitation/get", { invitationId: "nope" })).statusCode).toBe(
      404,
    );
  });

  it("lets managers resend and revoke pending invitations, and hides them from members", async () => {
    const ada = await parent("Ada");
    const mia = await parent("Mia");
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: mia,
      role: "member",
    });
    const email = uniqueEmail("later");
    const invited = await postAs(t.app, "/api/organization/member/add", ada, ada.familyId, {
      email,
      role: "admin",
    });
    const invitationId = invited.json().invitation.id;
    expect((await members(mia, ada.familyId)).invitations).toEqual([]);
    expect((await members(ada, ada.familyId)).invitations).toEqual([
      expect.objectContaining({ id: invitationId }),
    ]);

    const before = await latestMail(t.database.db, email, "family-invitation");
    const resent = await postAs(t.app, "/api/organization/invitation/resend", ada, ada.familyId, {
      invitationId,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const after = await latestMail(t.database.db, email, "family-invitation");
    expect(after?.id).not.toBe(before?.id);

    const revoked = await postAs(t.app, "/api/organization/invitation/revoke", ada, ada.familyId, {
      invitationId,
    });
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await members(ada, ada.familyId)).invitations).toEqual([]);
    expect((await post(t.app, "/api/organization/invitation/get", { invitationId })).json().status).toBe(
      "canceled",
    );
  });

  it("does not let an admin hand out the owner role", async () => {
    const ada = await parent("Ada");
    const adam = await parent("Adam");
    await inviteAndJoin(t.app, t.database.db, {
      by: ada,
      familyId: ada.familyId,
      invitee: adam,
      role: "admin",
    });
    const response = await postAs(t.app, "/api/organization/member/add", adam, ada.familyId, {
      email: uniqueEmail("owner-to-be"),
      role: "owner",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(familyErrorCodes.roleNotAllowed);
  });
});

describe("roles, removal and leaving", () => {
  async function familyOf(owner: TestParent, others: [TestParent, "admin" | "member" | "owner"][]) {
    const ids: Record<string, string> = {};
    for (const [other, role] of others) {
      await inviteAndJoin(t.app, t.database.db, {
        by: owner,
        familyId: owner.familyId,
        invitee: other,
        role,
      });
      const view = await members(owner, owner.familyId);
      ids[other.email] = view.members.find((row: { email: string }) => row.email === other.email).memberId;
    }
    return ids;
  }

  it("keeps at least one owner, and ownership can be handed over", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const ids = await familyOf(ada, [[bea, "member"]]);
    const adaMemberId = (await members(ada, ada.familyId)).you.memberId;

    const stepDown = await postAs(t.app, "/api/organization/member/role", ada, ada.familyId, {
      memberId: adaMemberId,
      role: "admin",
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().code).toBe(familyErrorCodes.lastOwner);
    const leave = await postAs(t.app, "/api/organization/leave", ada, ada.familyId);
    expect(leave.json().code).toBe(familyErrorCodes.lastOwner);

    const handOver = await postAs(t.app, "/api/organization/member/role", ada, ada.familyId, {
      memberId: ids[bea.email],
      role: "owner",
    });
    expect(handOver.json().member.role).toBe("owner");
    const left = await postAs(t.app, "/api/organization/leave", ada, ada.familyId);
    expect(left.statusCode, left.body).toBe(200);
    // Ada had no other family: she gets a fresh one of her own.
    const [next] = await families(ada);
    expect(left.json()).toEqual({ nextFamilyId: next?.id });
    expect(next).toMatchObject({ role: "owner", name: "Ada's family" });
    expect(next?.id).not.toBe(ada.familyId);
    expect((await postAs(t.app, "/api/organization/getMembers", ada, ada.familyId)).statusCode).toBe(403);
  });

  it("lets admins manage roles below owner only", async () => {
    const ada = await parent("Ada");
    const adam = await parent("Adam");
    const mia = await parent("Mia");
    const ids = await familyOf(ada, [
      [adam, "admin"],
      [mia, "member"],
    ]);
    const adaMemberId = (await members(ada, ada.familyId)).you.memberId;
    const promote = await postAs(t.app, "/api/organization/member/role", adam, ada.familyId, {
      memberId: ids[mia.email],
      role: "admin",
    });
    expect(promote.json().member.role).toBe("admin");
    for (const body of [
      { memberId: ids[mia.email], role: "owner" },
      { memberId: adaMemberId, role: "member" },
    ]) {
      const refused = await postAs(t.app, "/api/organization/member/role", adam, ada.familyId, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(familyErrorCodes.roleNotAllowed);
    }
    const removeOwner = await postAs(t.app, "/api/organization/member/delete", adam, ada.familyId, {
      memberId: adaMemberId,
    });
    expect(removeOwner.json().code).toBe(familyErrorCodes.roleNotAllowed);
  });

  it("removes a member, who then has no access, and answers 404 for a member of another family", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const ids = await familyOf(ada, [[bea, "member"]]);
    const foreign = await postAs(t.app, "/api/organization/member/delete", ada, ada.familyId, {
      memberId: (await members(bea, bea.familyId)).you.memberId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(familyErrorCodes.memberNotFound);

    const removed = await postAs(t.app, "/api/organization/member/delete", ada, ada.familyId, {
      memberId: ids[bea.email],
    });
    expect(removed.json()).toEqual({ removed: true });
    expect((await postAs(t.app, "/api/organization/getMembers", bea, ada.familyId)).statusCode).toBe(403);
    expect((await families(bea)).map((family) => family.id)).toEqual([bea.familyId]);
  });
});

describe("renaming, the picture and deleting", () => {
  it("renames and stores a square WebP picture without the original's metadata", async () => {
    const ada = await parent("Ada");
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c0a" } })
      .withExif({ IFD0: { Artist: "Secret location" } })
      .jpeg()
      .toBuffer();
    const updated = await postAs(t.app, "/api/organization/update", ada, ada.familyId, {
      name: "  The Lovelaces ",
      picture: `data:image/png;base64,${jpeg.toString("base64")}`,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: "The Lovelaces", role: "owner" });
    const pictureUrl: string = updated.json().pictureUrl;
    expect(pictureUrl).toMatch(/^\/api\/organization\/picture\/.+\.webp\?expires=\d+&signature=/);

    const picture = await t.app.inject({ method: "GET", url: pictureUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();

    // Flip the first signature character to a different one: a fixed replacement would
    // leave the URL unchanged whenever the signature already starts with it (1 in 64).
    const tampered = pictureUrl.replace(
      /signature=(.)/,
      (_, first: string) => `signature=${first === "A" ? "B" : "A"}`,
    );
    expect((await t.app.inject({ method: "GET", url: tampered })).statusCode).toBe(404);
    const unsigned = pictureUrl.split("?")[0] ?? "";
    expect((await t.app.inject({ method: "GET", url: unsigned })).statusCode).toBe(404);

    const removed = await postAs(t.app, "/api/organization/update", ada, ada.familyId, { picture: null });
    expect(removed.json().pictureUrl).toBeNull();
    expect((await t.app.inject({ method: "GET", url: pictureUrl })).statusCode).toBe(404);
  });

  it("refuses a file that is not a picture and changes nothing", async () => {
    const ada = await parent("Ada");
    const response = await postAs(t.app, "/api/organization/update", ada, ada.familyId, {
      name: "Should not stick",
      picture: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(familyErrorCodes.pictureInvalid);
    expect((await families(ada))[0]?.name).toBe("Ada's family");
    const empty = await postAs(t.app, "/api/organization/update", ada, ada.familyId, {});
    expect(empty.statusCode).toBe(400);
  });

  it("deletes a family only with its exact name; members keep a family of their own", async () => {
    const ada = await parent("Ada");
    const bea = await parent("Bea");
    const { familyId } = await createFamilyFixture(t.database.db, {
      name: "Shared family",
      members: [
        { userId: ada.userId, role: "owner" },
        { userId: bea.userId, role: "member" },
      ],
    });
    // Bea has only the shared family now.
    await t.database.db.delete(organization).where(eq(organization.id, bea.familyId));

    const wrong = await postAs(t.app, "/api/organization/delete", ada, familyId, {
      confirmName: "shared family",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(familyErrorCodes.confirmationMismatch);

    const deleted = await postAs(t.app, "/api/organization/delete", ada, familyId, {
      confirmName: "Shared family",
    });
    expect(deleted.json()).toEqual({ nextFamilyId: ada.familyId });
    expect(await t.database.db.select().from(member).where(eq(member.organizationId, familyId))).toEqual([]);
    const beaFamilies = await families(bea);
    expect(beaFamilies).toEqual([expect.objectContaining({ role: "owner", name: "Bea's family" })]);
  });
});
